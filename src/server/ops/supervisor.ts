// WORKERS=N: this process starts N LockIn processes on the same port (Bun's reusePort: the kernel
// spreads connections among them), restarts one that crashes (with a growing pause if it keeps
// crashing), and on SIGTERM/SIGINT passes the signal on and waits for all of them. It serves
// nothing itself. Only with DATABASE_URL: the embedded database is one process's own.
import type { Subprocess } from 'bun';
import type { Config } from '../config';
import type { Logger } from '../deps';
import { serverEntryPath } from '../paths';

const MAX_RESTART_PAUSE_MS = 10_000;

export async function superviseWorkers(config: Config, log: Logger): Promise<void> {
  const workers = new Map<number, Subprocess>();
  const restarts = new Map<number, number>();
  let stopping = false;

  const start = (index: number) => {
    const child = Bun.spawn([process.execPath, serverEntryPath('main')], {
      env: { ...process.env, LOCKIN_WORKER: String(index) },
      stdin: 'ignore',
      stdout: 'inherit',
      stderr: 'inherit',
    });
    workers.set(index, child);
    const startedAt = Date.now();
    void child.exited.then((code) => {
      workers.delete(index);
      if (stopping) return;
      // A worker that ran a while starts again at once; one that keeps crashing waits longer each time.
      const tries = Date.now() - startedAt > 30_000 ? 0 : (restarts.get(index) ?? 0) + 1;
      restarts.set(index, tries);
      const pause = Math.min(MAX_RESTART_PAUSE_MS, tries === 0 ? 0 : 250 * 2 ** (tries - 1));
      log.error(`worker ${index} exited (code ${code ?? child.signalCode}): restarting in ${pause} ms`);
      setTimeout(() => {
        if (!stopping) start(index);
      }, pause);
    });
  };

  for (let i = 1; i <= config.workers; i++) start(i);
  log.info(`LockIn supervising ${config.workers} workers on ${config.host}:${config.port}`);

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: stopping ${workers.size} workers`);
    const running = [...workers.values()];
    for (const child of running) child.kill(signal);
    const codes = await Promise.all(running.map((child) => child.exited));
    log.info('LockIn stopped');
    process.exit(codes.every((code) => code === 0) ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await new Promise(() => {});
}
