// Time is injected so daily resets, streaks, trials and token expiry are testable without sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move; starts at the given time or the real one. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  private fixed: Date | undefined;
  constructor(start?: Date) {
    this.fixed = start;
  }
  now(): Date {
    return this.fixed ? new Date(this.fixed.getTime() + this.offsetMs) : new Date(Date.now() + this.offsetMs);
  }
  set(at: Date): void {
    if (this.fixed) this.fixed = at;
    else this.offsetMs = at.getTime() - Date.now();
    if (this.fixed) this.offsetMs = 0;
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
