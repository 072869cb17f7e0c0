// One user's row(s) read from the database, kept in the process for a few seconds: the mechanism
// the subscription cache (session-cache.ts) and Today's Focus (tasks/daily-cache.ts) share.
// Exactness comes from invalidation, not from the TTL:
// - a read that started before any invalidation is not cached (a generation counter), and nothing
//   is cached for a database whose notifications do not reach this process;
// - a write begun in this process marks the user (`writeStarted`) and drops the entry; until that
//   write's commit is announced (`writeCommitted`, from the trigger's NOTIFY, which this process
//   receives too) the user's value is read from the database, so a read between the commit and its
//   notification cannot serve the old value. A write that rolls back announces nothing; its mark
//   lapses after the TTL (slower meanwhile, never stale). A write whose statements and COMMIT
//   leave together can be announced (on PostgreSQL's LISTEN connection) before this process has
//   read its lock's answer: announcements are remembered for a moment, so that late mark is not
//   made (it would wait for an announcement already gone, and lapse only after the TTL).
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { readStartTime, requiredReadStart } from '../ops/freshness';
import { cacheLookupCounter } from '../ops/metrics';

/** Entries are a few hundred bytes to a few KB: 10,000 of them is a few tens of MB at most. */
export const USER_CACHE_MAX = 10_000;
export const USER_CACHE_TTL_MS = 10_000;
/** Announcements remembered for a mark that comes after them: a moment's worth of commits. */
const ANNOUNCED_KEPT = 1_000;

interface Entry<T> {
  value: T;
  db: Db;
  /** When the read that filled it began (ms): a request that must see a newer write skips it. */
  readAt: number;
}

/** What `snapshot()` hands a read that starts now, for `set` when it ends. */
export interface ReadToken {
  generation: number;
  at: number;
}

/** Writes of this process that marked the user and whose commits are not announced yet. */
interface PendingWrites {
  tokens: string[];
  until: number;
}

export class UserCache<T> {
  private readonly entries = new LRUCache<string, Entry<T>>({ max: USER_CACHE_MAX, ttl: USER_CACHE_TTL_MS });
  private generation = 0;
  private readonly pending = new Map<string, PendingWrites>();
  /** `<user id>:<token>` of commits announced while no mark of this process waited for them. */
  private readonly announced = new LRUCache<string, true>({ max: ANNOUNCED_KEPT, ttl: USER_CACHE_TTL_MS });

  private readonly countLookup: (hit: boolean) => void;

  /**
   * `canCache(db)`: whether that database's changes reach this process (a listener is running).
   * `name` labels its hits and misses in /metrics.
   */
  constructor(
    private readonly canCache: (db: Db) => boolean,
    name = 'user',
  ) {
    this.countLookup = cacheLookupCounter(name);
  }

  /** The token to pass to `set` for a read that starts now. */
  snapshot(): ReadToken {
    return { generation: this.generation, at: readStartTime() };
  }

  get(db: Db, userId: string): T | undefined {
    const entry = this.writePending(userId) ? undefined : this.entries.get(userId);
    const value = entry && entry.db === db && entry.readAt >= requiredReadStart() ? entry.value : undefined;
    this.countLookup(value !== undefined);
    return value;
  }

  /** Caches a value read from the database, unless anything was invalidated since the read began. */
  set(db: Db, userId: string, value: T, readStartedAt: ReadToken): void {
    if (readStartedAt.generation !== this.generation || !this.canCache(db) || this.writePending(userId)) return;
    this.entries.set(userId, { value, db, readAt: readStartedAt.at });
  }

  drop(userId: string): void {
    this.generation++;
    this.entries.delete(userId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.announced.clear();
  }

  /** A write of this process (identified by `token`) is under way: nothing cached for the user until it commits. */
  writeStarted(userId: string, token: string): void {
    if (this.announced.has(`${userId}:${token}`)) {
      // Committed and announced already: nothing to wait for.
      this.drop(userId);
      return;
    }
    const until = Date.now() + USER_CACHE_TTL_MS;
    const pending = this.pending.get(userId);
    if (pending) {
      // A transaction may take the user's lock twice; it commits (and is announced) once.
      if (!pending.tokens.includes(token)) pending.tokens.push(token);
      pending.until = until;
    } else {
      if (this.pending.size >= USER_CACHE_MAX) this.prunePending();
      this.pending.set(userId, { tokens: [token], until });
    }
    this.drop(userId);
  }

  /**
   * A write for the user committed (here or in another process). With its token, that write's mark
   * is lifted; without one (the notification does not say which), one of the user's marks is.
   */
  writeCommitted(userId: string, token?: string): void {
    const pending = this.pending.get(userId);
    const at = pending ? (token === undefined ? 0 : pending.tokens.indexOf(token)) : -1;
    if (pending && at >= 0) {
      pending.tokens.splice(at, 1);
      if (pending.tokens.length === 0) this.pending.delete(userId);
    } else if (token !== undefined) {
      this.announced.set(`${userId}:${token}`, true);
    }
    this.drop(userId);
  }

  /**
   * A trigger's `<user id>:<txid>` (drizzle/0007, 0012): that transaction, of this process or
   * another, committed a change for the user. Anything else clears the whole cache.
   */
  onCommitNotification(rest: string): void {
    const colon = rest.lastIndexOf(':');
    if (colon <= 0) this.clear();
    else this.writeCommitted(rest.slice(0, colon), rest.slice(colon + 1));
  }

  get size(): number {
    return this.entries.size;
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
}
