// What every service receives: the parsed configuration, the database, the clock, the log and the
// outside-service integrations (each with its built-in default).
import type { Config } from './config';
import type { Clock } from './clock';
import type { Db } from './db/client';
import type { TaskSuggester } from './integrations/ai';
import type { Mailer } from './integrations/mail';
import type { LiveHub } from './live/live-hub';
import type { Logger } from './ops/logger';

export type { Logger, RequestLogLine } from './ops/logger';
export { consoleLogger, jsonLogger, requestText } from './ops/logger';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  /** The streams this process holds (GET /api/live) and the LISTEN that feeds them. */
  live: LiveHub;
  /** Overrides the AI suggester the configuration picks (tests pass the AI SDK's mock model). */
  ai?: TaskSuggester;
}
