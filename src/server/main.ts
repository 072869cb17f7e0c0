// Entry point: read config, start answering pages at once, open and migrate the database
// (with the API modules loading alongside), then serve everything; shut down cleanly. With
// WORKERS > 1 this process is instead the supervisor of that many (ops/supervisor.ts).
import type { Hono } from 'hono';
import { AdjustableClock, systemClock } from './clock';
import { type Config, ConfigError, describeProviders, loadConfig } from './config';
import { type AppDeps, consoleLogger, jsonLogger, type Logger } from './deps';
import type { AppEnv } from './http/auth-middleware';
import { createShellApp } from './http/shell';
import { createStaticSite, PUBLIC_DIR } from './http/static';
import { OAUTH_PROVIDER_IDS, PROVIDERS_META } from '../shared/oauth';
import { answerProbe, IDLE_CONNECTION_SECONDS, type Lifecycle } from './ops/lifecycle';
import { markBuildInUse } from './ops/build-in-use';
import { runningBuildDir } from './paths';

/** However a shutdown goes, the process is gone within this (an orchestrator's usual grace is 10 s). */
const HARD_STOP_MS = 9_500;

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
  const { prepareNewPgliteDir, runMigrations } = await import('./db/migrate');
  const options = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  await prepareNewPgliteDir(options);
  const database = await openDatabase(options);
  await runMigrations(database, config.databaseUrl);
  return database;
}

async function main(): Promise<void> {
  const config = readConfig();
  // Chunks load on first use from this build's directory: a later build must keep it.
  const buildDir = runningBuildDir();
  if (buildDir) markBuildInUse(buildDir);
  // Production logs are JSON lines for a collector; development's are readable text.
  const log: Logger = config.env === 'production' ? jsonLogger : consoleLogger;
  if (config.workers > 1 && config.workerIndex === undefined) {
    log.info(describeProviders(config));
    const { superviseWorkers } = await import('./ops/supervisor');
    return superviseWorkers(config, log);
  }
  if (config.workerIndex === undefined) log.info(describeProviders(config));
  const configured = OAUTH_PROVIDER_IDS.filter((id) => Boolean(config.oauth[id]));
  const site = createStaticSite(PUBLIC_DIR, { shellMeta: { [PROVIDERS_META]: configured.join(',') } });
  const shell = createShellApp({ config, log }, site);
  const lifecycle: Lifecycle = { ready: false, stopping: false };

  // PGlite takes most of a second to open: pages need no database, so they are answered while
  // it opens, and API requests wait for the full app instead of being refused.
  let app: Hono<AppEnv> | undefined;
  const starting = Promise.all([
    openMigratedDatabase(config),
    import('./app'),
    import('./integrations/mail'),
    import('./accounts/sessions'),
    import('./live/live-hub'),
  ]);
  const appReady = Promise.withResolvers<Hono<AppEnv>>();

  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      port: config.port,
      hostname: config.host,
      // Workers started by the supervisor share the port; the kernel spreads connections.
      reusePort: config.workerIndex !== undefined,
      idleTimeout: IDLE_CONNECTION_SECONDS,
      fetch(request, bunServer) {
        if (app) return app.fetch(request, bunServer);
        const { pathname } = new URL(request.url);
        const probe = answerProbe(request.method, pathname, lifecycle);
        if (probe) return probe;
        if (pathname.startsWith('/api/')) return appReady.promise.then((a) => a.fetch(request, bunServer));
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
  // Open live streams are requests that never finish by themselves: they end first, so the port can
  // close (their pages reconnect, through a proxy to another process).
  let endStreams: (() => Promise<void>) | undefined;
  const shutdown = async (signal: string) => {
    if (lifecycle.stopping) return;
    // Readiness flips at once: a load balancer moves new traffic elsewhere.
    lifecycle.stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    setTimeout(() => {
      log.error(`LockIn did not stop within ${HARD_STOP_MS} ms: exiting`);
      process.exit(1);
    }, HARD_STOP_MS).unref();
    let code = 0;
    try {
      // Optionally keep serving while the balancer notices /api/ready (SHUTDOWN_DRAIN_MS).
      if (config.shutdownDrainMs > 0) await Bun.sleep(config.shutdownDrainMs);
      await endStreams?.();
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
    const [database, { createApp }, { createMailer }, { deleteExpiredSessions }, { createLiveHub }] = await starting;
    const deps: AppDeps = {
      config,
      db: database.db,
      clock: config.testClock ? new AdjustableClock() : systemClock,
      mailer: createMailer(config, log),
      log,
      live: createLiveHub(database, log),
    };
    const { startSessionEndPushes } = await import('./push/session-end');
    const { startPlanSweeps } = await import('./plans/plan-sweeps');
    const { startRoomSweeps } = await import('./rooms/rooms-sweep');
    const { startPgliteMaintenance } = await import('./db/pglite-maintenance');
    endStreams = () => deps.live.stop();
    // Listening from the start, a page's first stream knows what changed while the page loaded.
    deps.live.listen().catch((error: unknown) => log.error('live: LISTEN did not start (a stream retries it)', error));
    const stopPushes = startSessionEndPushes(deps);
    const stopPlanSweeps = startPlanSweeps(deps);
    const stopRoomSweeps = startRoomSweeps(deps);
    // PostgreSQL vacuums itself; PGlite has no autovacuum.
    const stopMaintenance = database.kind === 'pglite' ? startPgliteMaintenance(deps) : async () => {};
    started = {
      async close() {
        await stopPushes();
        await stopPlanSweeps();
        await stopRoomSweeps();
        await stopMaintenance();
        deps.mailer.close();
        await database.close();
      },
    };
    app = createApp(deps, { site, lifecycle });
    lifecycle.ready = true;
    appReady.resolve(app);
    // Sessions whose cookie never comes back would otherwise stay forever.
    deleteExpiredSessions(deps.db, deps.clock).catch((error: unknown) =>
      log.error('expired sessions were not purged', error),
    );
    const worker =
      config.workerIndex === undefined ? '' : `, worker ${config.workerIndex}/${config.workers} pid ${process.pid}`;
    log.info(
      `LockIn listening on ${config.appUrl} (bound to ${server.hostname}:${server.port}, database: ${database.kind}, mail: ${deps.mailer.kind}${worker})`,
    );
  } catch (error) {
    log.error('LockIn could not start (database, migrations or the app itself)', error);
    await server.stop(true);
    process.exit(1);
  }
}

await main();
