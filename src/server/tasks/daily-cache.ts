// Each user's Today's Focus rows and last reset time, kept in the process for a few seconds so
// reading the list (the client's most frequent call) costs no database round trip. Only the rows
// are cached, never the answer: whether a reset is due and how many days an entry has been carried
// over are decided on every read from these rows, the clock and the user's zone, so time passing
// needs no invalidation (and a due reset still goes the locked path that runs it).
//
// Exactness comes from invalidation, as for sessions and plans (session-cache.ts):
// - every change to daily_tasks or daily_reset_state NOTIFYs `d:<user id>:<txid>` from a trigger
//   (drizzle/0007), delivered to every process when it commits — whatever wrote it;
// - every task write in this process takes the user's lock through `lockUser` (task-store.ts),
//   which touches the user's daily_reset_state row (so the transaction always announces itself)
//   and calls `writeStarted` with its transaction id: the cached rows are dropped, and the user's
//   list is read from the database and not cached until that transaction's own notification
//   arrives. On PostgreSQL the notification comes over the LISTEN connection a moment after the
//   commit; a read in between gets the committed rows from the database, never the old ones.
//   Keying the mark by transaction id means another process's write for the same user cannot
//   lift it early. A write that rolls back announces nothing; its mark lapses after the TTL
//   (the user's list is read from the database meanwhile: slower, never stale).
// A read that started before any invalidation is not cached (a generation counter), and nothing is
// cached for a database whose notifications do not reach this process.
import { LRUCache } from 'lru-cache';
import { SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS, sessionCache } from '../accounts/session-cache';
import type { Db } from '../db/client';
import type { DailyRow } from './task-store';

/** What the list read returns before any date-dependent shaping. */
export interface DailyState {
  lastResetAt: Date;
  rows: readonly DailyRow[];
}

interface Entry {
  state: DailyState;
  db: Db;
}

/** Transactions of this process that took the user's lock and whose commit is not announced yet. */
interface PendingWrites {
  txids: Set<string>;
  until: number;
}

/** The notification prefix the trigger of drizzle/0007 writes: `d:<user id>:<txid>`. */
export const DAILY_PREFIX = 'd:';

class DailyCache {
  /** Five entries of a few hundred bytes each per user: 10,000 users is a few tens of MB at most. */
  private readonly entries = new LRUCache<string, Entry>({ max: SESSION_CACHE_MAX, ttl: SESSION_CACHE_TTL_MS });
  private generation = 0;
  private readonly pending = new Map<string, PendingWrites>();

  /** The token to pass to `set` for a read that starts now. */
  snapshot(): number {
    return this.generation;
  }

  get(db: Db, userId: string): DailyState | undefined {
    if (this.writePending(userId)) return undefined;
    const entry = this.entries.get(userId);
    return entry && entry.db === db ? entry.state : undefined;
  }

  /** Caches rows read from the database, unless anything was invalidated since the read began. */
  set(db: Db, userId: string, state: DailyState, readStartedAt: number): void {
    if (readStartedAt !== this.generation || !sessionCache.isListening(db) || this.writePending(userId)) return;
    // Frozen: the cached rows are shared by every read until dropped.
    for (const row of state.rows) Object.freeze(row);
    this.entries.set(userId, {
      state: Object.freeze({ lastResetAt: state.lastResetAt, rows: Object.freeze([...state.rows]) }),
      db,
    });
  }

  drop(userId: string): void {
    this.generation++;
    this.entries.delete(userId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Transaction `txid` of this process has locked the user: nothing cached for them until it commits. */
  writeStarted(userId: string, txid: string): void {
    const until = Date.now() + SESSION_CACHE_TTL_MS;
    const pending = this.pending.get(userId);
    if (pending) {
      pending.txids.add(txid);
      pending.until = until;
    } else {
      if (this.pending.size >= SESSION_CACHE_MAX) this.prunePending();
      this.pending.set(userId, { txids: new Set([txid]), until });
    }
    this.drop(userId);
  }

  /** `<user id>:<txid>`: that transaction (of this process or another) committed a change. */
  onNotification(rest: string): void {
    const colon = rest.lastIndexOf(':');
    if (colon <= 0) {
      this.clear();
      return;
    }
    const userId = rest.slice(0, colon);
    const pending = this.pending.get(userId);
    if (pending) {
      pending.txids.delete(rest.slice(colon + 1));
      if (pending.txids.size === 0) this.pending.delete(userId);
    }
    this.drop(userId);
  }

  private writePending(userId: string): boolean {
    const pending = this.pending.get(userId);
    if (!pending) return false;
    if (pending.until > Date.now()) return true;
    this.pending.delete(userId);
    return false;
  }

  private prunePending(): void {
    const now = Date.now();
    for (const [userId, pending] of this.pending) if (pending.until <= now) this.pending.delete(userId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One per process, fed by the sessions' listener (entries remember their database). */
export const dailyCache = new DailyCache();

sessionCache.addCompanion({
  prefix: DAILY_PREFIX,
  onNotification: (rest) => dailyCache.onNotification(rest),
  clear: () => dailyCache.clear(),
});

/** For a write that bypasses `lockUser` (test factories): call after it commits. */
export function forgetCachedDaily(userId: string): void {
  dailyCache.drop(userId);
}
