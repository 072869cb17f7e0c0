// A job every process runs on a timer against the database (session-end pushes, plan sweeps,
// PGlite maintenance): one run at a time per process, so a slow run never piles runs up; the timer
// never keeps the process alive; stopping waits for the run in progress, and a sweep stopped
// before its first run never runs.
import type { Logger } from './logger';

/**
 * `firstRunInMs`: when the first run comes (0: at once); each later one comes `intervalMs` after
 * the one before. By default the first comes after one interval too.
 */
export function startSweep(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  log: Logger,
  options: { firstRunInMs?: number } = {},
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const begin = () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  };
  const first = options.firstRunInMs ?? intervalMs;
  if (first === 0) begin();
  else {
    timer = setTimeout(begin, first);
    timer.unref();
  }
  return async () => {
    // Timeouts and intervals share one list of timers: either call clears either kind.
    clearInterval(timer);
    await running;
  };
}
