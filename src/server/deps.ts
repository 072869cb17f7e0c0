// What every service receives: the parsed configuration, the database, the clock and the
// outside-service integrations (each with its built-in default).
import type { Config } from './config';
import type { Clock } from './clock';
import type { Db } from './db/client';
import type { TaskSuggester } from './integrations/ai';
import type { Mailer } from './integrations/mail';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m, e) => console.error(m, e instanceof Error ? (e.stack ?? e.message) : (e ?? '')),
};

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  /** Overrides the AI suggester the configuration picks (tests pass the AI SDK's mock model). */
  ai?: TaskSuggester;
}
