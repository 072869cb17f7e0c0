// Entry point: read config, start answering pages at once, open and migrate the database
// (with the API modules loading alongside), then serve everything; shut down cleanly.
import type { Hono } from 'hono';
import { AdjustableClock, systemClock } from './clock';
import { type Config, ConfigError, describeProviders, loadConfig } from './config';
import { consoleLogger, type AppDeps } from './deps';
import type { AppEnv } from './http/auth-middleware';
import { createShellApp } from './http/shell';
import { createStaticSite } from './http/static';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function openMigratedDatabase(config: Config) {
  const { openDatabase } = await import('./db/client');
  const { runMigrations } = await import('./db/migrate');
  const { attachSessionInvalidation } = await import('./accounts/session-cache');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await attachSessionInvalidation(database);
  await runMigrations(database, config.databaseUrl);
  return database;
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = consoleLogger;
  log.info(describeProviders(config));
  const site = createStaticSite();
  const shell = createShellApp({ config, log }, site);

  // PGlite takes most of a second to open: pages need no database, so they are answered while
  // it opens, and API requests wait for the full app instead of being refused.
  let app: Hono<AppEnv> | undefined;
  const starting = Promise.all([
    openMigratedDatabase(config),
    import('./app'),
    import('./integrations/mail'),
    import('./accounts/sessions'),
  ]);
  const appReady = Promise.withResolvers<Hono<AppEnv>>();

  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      port: config.port,
      hostname: config.host,
      fetch(request, bunServer) {
        if (app) return app.fetch(request, bunServer);
        if (new URL(request.url).pathname.startsWith('/api/'))
          return appReady.promise.then((a) => a.fetch(request, bunServer));
        return shell.fetch(request, bunServer);
      },
    });
  } catch (error) {
    console.error(
      `LockIn cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }

  // Signals may come while the database is still opening: the handler waits for start-up to
  // settle so the database is always closed cleanly.
  let started: { close(): Promise<void> } | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    let code = 0;
    try {
      await server.stop(false);
      await starting.catch(() => undefined);
      await started?.close();
      log.info('LockIn stopped');
    } catch (error) {
      log.error('LockIn did not stop cleanly', error);
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    const [database, { createApp }, { createMailer }, { deleteExpiredSessions }] = await starting;
    const deps: AppDeps = {
      config,
      db: database.db,
      clock: config.testClock ? new AdjustableClock() : systemClock,
      mailer: createMailer(config, log),
      log,
    };
    started = {
      async close() {
        deps.mailer.close();
        await database.close();
      },
    };
    app = createApp(deps, { site });
    appReady.resolve(app);
    // Sessions whose cookie never comes back would otherwise stay forever.
    deleteExpiredSessions(deps.db, deps.clock).catch((error: unknown) =>
      log.error('expired sessions were not purged', error),
    );
    log.info(
      `LockIn listening on ${config.appUrl} (bound to ${server.hostname}:${server.port}, database: ${database.kind}, mail: ${deps.mailer.kind})`,
    );
  } catch (error) {
    log.error('LockIn could not start (database, migrations or the app itself)', error);
    await server.stop(true);
    process.exit(1);
  }
}

await main();
