// Entry point: read config, open and migrate the database, serve, and shut down cleanly.
import { createApp } from './app';
import { AdjustableClock, systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { consoleLogger, type AppDeps } from './deps';
import { createMailer } from './integrations/mail';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = consoleLogger;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database, config.databaseUrl);
  const deps: AppDeps = {
    config,
    db: database.db,
    clock: config.testClock ? new AdjustableClock() : systemClock,
    mailer: createMailer(config, log),
    log,
  };
  const app = createApp(deps);
  const server = Bun.serve({ port: config.port, hostname: config.host, fetch: app.fetch });
  log.info(
    `LockIn listening on ${config.appUrl} (bound to ${server.hostname}:${server.port}, database: ${database.kind}, mail: ${deps.mailer.kind})`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    await server.stop(false);
    deps.mailer.close();
    await database.close();
    log.info('LockIn stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
