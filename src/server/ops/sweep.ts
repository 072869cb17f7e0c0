// A job every process runs on a timer against the database (session-end pushes, plan sweeps):
// one run at a time per process, so a slow run never piles runs up; the timer never keeps the
// process alive; stopping waits for the run in progress.
import type { Logger } from './logger';

export function startSweep(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  log: Logger,
  options: { runNow?: boolean } = {},
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => log.error(`${name} failed`, error))
      .finally(() => {
        running = null;
      });
  };
  if (options.runNow) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
