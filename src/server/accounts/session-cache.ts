// Validated sessions, kept in the process for a few seconds so an authenticated request needs no
// database round trip. Exactness comes from invalidation, not from the TTL: whatever ends a
// session or changes its user fires a NOTIFY from a trigger (drizzle/0005), delivered to every
// process on commit, and the code paths that end sessions here also drop them at once. The TTL
// only bounds how long a missed notification could matter (and the LISTEN connection being down
// clears everything). Beside the sessions sits each user's subscription row (or its absence), the
// input of the plan rule, so `premium` costs no round trip either (drizzle/0006 NOTIFYs its changes).
// Other per-user caches (Today's Focus, src/server/tasks/daily-cache.ts) ride on the same channel
// and listener as companions: they get their prefix's notifications and are cleared with this one.
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../db/client';
import type { SubscriptionRow } from '../plans/plan-status';
import type { Session, SessionUser } from './sessions';
import { type ReadToken, USER_CACHE_MAX, USER_CACHE_TTL_MS, UserCache } from './user-cache';
import { readStartTime, requiredAccountReadStart } from '../ops/freshness';
import { cacheLookupCounter } from '../ops/metrics';

/** Entries are a few hundred bytes: 10,000 of them is a few MB at most. */
export const SESSION_CACHE_MAX = USER_CACHE_MAX;
export const SESSION_CACHE_TTL_MS = USER_CACHE_TTL_MS;
/** The NOTIFY channel the triggers of drizzle/0005 write to. */
export const SESSION_CHANNEL = 'lockin_sessions';

export interface CachedSession {
  session: Session;
  user: SessionUser;
}

interface Entry extends CachedSession {
  db: Db;
  /** When the read that filled it began (ms). */
  readAt: number;
}

/** A user's subscription row as last read; `row: null` caches that there is none (a free user). */
export interface CachedPlan {
  row: SubscriptionRow | null;
}

/** A cache fed by notifications `<prefix><rest>` on the same channel (see `addCompanion`). */
export interface CompanionCache {
  prefix: string;
  onNotification(rest: string): void;
  /** Everything may have been missed (the listener reconnected or stopped). */
  clear(): void;
}

const countSessionLookup = cacheLookupCounter('session');

class SessionCache {
  private readonly entries = new LRUCache<string, Entry>({
    max: SESSION_CACHE_MAX,
    ttl: SESSION_CACHE_TTL_MS,
    dispose: (entry, sessionId) => this.unindex(entry.user.id, sessionId),
  });
  /** userId → the cached session ids of that user, so a user change drops all of them. */
  private readonly byUser = new Map<string, Set<string>>();
  /** Databases whose changes reach this process (a listener is running); others are not cached. */
  private readonly listening = new WeakSet<Db>();
  /**
   * Bumped by every invalidation. A database read that started before an invalidation may have
   * seen the row just deleted; such a result is not cached (see `set`).
   */
  private generation = 0;
  private readonly companions: CompanionCache[] = [];

  /**
   * userId → subscription row: the plan is still decided per request from it and the clock. A
   * subscription write marks the user until its commit is announced (the trigger's `p:`
   * notification, which this process receives too; see user-cache.ts).
   */
  private readonly plans = new UserCache<CachedPlan>((db) => this.listening.has(db), 'plan');
  /** Tells this process's subscription writes apart (the `p:` notification names only the user). */
  private planWrites = 0;

  enable(db: Db): void {
    this.listening.add(db);
  }

  disable(db: Db): void {
    this.listening.delete(db);
    this.clear();
  }

  /** Whether the database's changes reach this process, so what is read from it may be cached. */
  isListening(db: Db): boolean {
    return this.listening.has(db);
  }

  /** Routes the notifications starting with `companion.prefix` to it, and clears it with this cache. */
  addCompanion(companion: CompanionCache): void {
    this.companions.push(companion);
  }

  /** The token to pass to `set` for a read that starts now. */
  snapshot(): ReadToken {
    return { generation: this.generation, at: readStartTime() };
  }

  get(db: Db, sessionId: string): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    // A request that must see a write to its account newer than the entry reads the database
    // (ops/freshness.ts); the client's other writes change neither sessions nor user rows.
    const found = entry && entry.db === db && entry.readAt >= requiredAccountReadStart() ? entry : undefined;
    countSessionLookup(found !== undefined);
    return found;
  }

  /** Caches a session read from the database, unless anything was invalidated since the read began. */
  set(db: Db, value: CachedSession, readStartedAt: ReadToken): void {
    if (readStartedAt.generation !== this.generation || !this.listening.has(db)) return;
    this.entries.set(value.session.id, { ...value, db, readAt: readStartedAt.at });
    let ids = this.byUser.get(value.user.id);
    if (!ids) {
      ids = new Set();
      this.byUser.set(value.user.id, ids);
    }
    ids.add(value.session.id);
  }

  /** Replaces the cached copy (after a renewal moved the expiry), if one is still cached. */
  update(db: Db, value: CachedSession): void {
    const entry = this.entries.peek(value.session.id);
    // In place: set() would count as a replacement and restart the TTL.
    if (entry && entry.db === db) entry.session = value.session;
  }

  dropSession(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  dropUser(userId: string): void {
    this.generation++;
    for (const id of [...(this.byUser.get(userId) ?? [])]) this.entries.delete(id);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
    this.plans.clear();
    for (const companion of this.companions) companion.clear();
  }

  /** The token to pass to `setPlan` for a subscription read that starts now. */
  planSnapshot(): ReadToken {
    return this.plans.snapshot();
  }

  getPlan(db: Db, userId: string): CachedPlan | undefined {
    return this.plans.get(db, userId);
  }

  /** Caches a subscription read (null: none), unless anything was invalidated since the read began. */
  setPlan(db: Db, userId: string, row: SubscriptionRow | null, readStartedAt: ReadToken): void {
    this.plans.set(db, userId, { row }, readStartedAt);
  }

  /** Forgets a user's cached subscription (a write to it committed, here or elsewhere). */
  dropPlan(userId: string): void {
    this.plans.drop(userId);
  }

  /** A subscription write is starting in this process: no cached plan for the user until it commits. */
  planWriteStarted(userId: string): void {
    this.planWrites += 1;
    this.plans.writeStarted(userId, String(this.planWrites));
  }

  /**
   * A NOTIFY payload from the triggers: `s:<session id>`, `u:<user id>`, `p:<user id>` (subscription)
   * or a companion's prefix. Anything else (a newer process's notification) clears everything.
   */
  onNotification(payload: string): void {
    if (payload.startsWith('s:')) this.dropSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.dropUser(payload.slice(2));
    else if (payload.startsWith('p:')) this.plans.writeCommitted(payload.slice(2));
    else {
      // Several caches may read one prefix (Today's Focus writes change the analytics too).
      const companions = this.companions.filter((c) => payload.startsWith(c.prefix));
      for (const companion of companions) companion.onNotification(payload.slice(companion.prefix.length));
      if (companions.length === 0) this.clear();
    }
  }

  get planSize(): number {
    return this.plans.size;
  }

  get size(): number {
    return this.entries.size;
  }

  private unindex(userId: string, sessionId: string): void {
    const ids = this.byUser.get(userId);
    if (!ids) return;
    ids.delete(sessionId);
    if (ids.size === 0) this.byUser.delete(userId);
  }
}

/** One per process: session ids are unique across databases, and entries remember theirs. */
export const sessionCache = new SessionCache();

/**
 * Starts delivering the database's session notifications to the cache and turns caching on for
 * it (until the database closes); if the database cannot LISTEN, sessions are simply not cached.
 */
export async function attachSessionInvalidation(database: Pick<Database, 'db' | 'listen' | 'onClose'>): Promise<void> {
  try {
    // onListen runs again after a reconnect: whatever was missed meanwhile is forgotten wholesale.
    await database.listen(
      SESSION_CHANNEL,
      (payload) => sessionCache.onNotification(payload),
      () => sessionCache.clear(),
    );
    sessionCache.enable(database.db);
    database.onClose(() => sessionCache.disable(database.db));
  } catch {
    // No LISTEN (a pooler in transaction mode): nothing is cached.
  }
}
