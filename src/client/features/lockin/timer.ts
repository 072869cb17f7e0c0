// The countdown's maths. The time left is always the end time minus the wall clock (never a
// count of ticks), so a throttled background tab, a sleeping laptop or a late timer cannot make
// it drift: the next tick simply reads the clock again. A browser clock that disagrees with the
// server's is corrected by the offset measured when the server last answered.

/** Server clock minus browser clock, measured from an answer carrying `serverNow`. */
export function clockOffsetMs(serverNowIso: string, browserNowMs: number): number {
  const server = Date.parse(serverNowIso);
  return Number.isNaN(server) ? 0 : server - browserNowMs;
}

/** Whole seconds left (rounded up, so 0 means the end has come), never negative. */
export function remainingSeconds(endsAtMs: number, browserNowMs: number, offsetMs = 0): number {
  return Math.max(0, Math.ceil((endsAtMs - (browserNowMs + offsetMs)) / 1000));
}

/** Seconds since the start, at most the goal. */
export function elapsedSeconds(startMs: number, goalSeconds: number, browserNowMs: number, offsetMs = 0): number {
  return Math.min(goalSeconds, Math.max(0, Math.floor((browserNowMs + offsetMs - startMs) / 1000)));
}

/** 'MM:SS', or 'H:MM:SS' from an hour up. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${pad(m)}:${pad(sec)}`;
}

/**
 * What a screen reader hears, once a minute: the whole minutes left (rounded up, so '25 minutes'
 * at the start), or 'Less than a minute' in the last one. Changes only when the minute changes.
 */
export function minuteAnnouncement(totalSeconds: number): string {
  if (totalSeconds <= 0) return 'Session complete';
  const minutes = Math.ceil(totalSeconds / 60);
  if (totalSeconds < 60) return 'Less than a minute remaining';
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} remaining`;
}

/** The tab title while a session runs. */
export function countdownTitle(totalSeconds: number): string {
  return `${formatCountdown(totalSeconds)} · Lock-In`;
}
