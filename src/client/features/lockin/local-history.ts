// A visitor's Lock-In history, kept in the browser only (spec section 3): `lockInSessions` (the
// latest 50 records), `lockInStreak` and `lastLockInDate`. A running visitor session is kept
// under `lockInActive` so a reload resumes it. After sign-up or sign-in the records are offered
// for import once: the ids offered are remembered under `lockInImportHandled`.
import { LOCAL_HISTORY_LIMIT } from '../../../shared/constants';
import { localDate } from '../../../shared/local-date';
import { advanceStreak, currentStreak } from '../../../shared/lockin';
import type { LocalSession } from '../../../shared/lockin-input';

export const STORAGE_KEYS = {
  sessions: 'lockInSessions',
  streak: 'lockInStreak',
  lastDate: 'lastLockInDate',
  active: 'lockInActive',
  importHandled: 'lockInImportHandled',
} as const;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LocalActive {
  id: string;
  startTime: string;
  endsAt: string;
  goalMinutes: number;
  goal: string | null;
  taskName: string;
}

function readJson<T>(store: Store, key: string, fallback: T): T {
  try {
    const raw = store.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function isRecord(value: unknown): value is LocalSession {
  const v = value as Partial<LocalSession> | null;
  return (
    !!v &&
    (typeof v.id === 'string' || typeof v.id === 'number') &&
    typeof v.timestamp === 'string' &&
    typeof v.duration === 'number' &&
    typeof v.actualDuration === 'number' &&
    typeof v.completed === 'boolean'
  );
}

/** Newest first; anything unreadable is dropped. */
export function readLocalSessions(store: Store): LocalSession[] {
  const list = readJson<unknown>(store, STORAGE_KEYS.sessions, []);
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** Adds a finished session (newest first), keeps the latest 50, and on completion advances the streak. */
export function recordLocalSession(store: Store, session: LocalSession, timeZone: string, now: Date): void {
  const list = [session, ...readLocalSessions(store).filter((s) => s.id !== session.id)].slice(0, LOCAL_HISTORY_LIMIT);
  store.setItem(STORAGE_KEYS.sessions, JSON.stringify(list));
  if (!session.completed) return;
  const next = advanceStreak(readLocalStreakState(store), localDate(now, timeZone));
  store.setItem(STORAGE_KEYS.streak, String(next.current));
  if (next.lastDay) store.setItem(STORAGE_KEYS.lastDate, next.lastDay);
}

function readLocalStreakState(store: Store): { current: number; lastDay: string | null } {
  const current = Number(store.getItem(STORAGE_KEYS.streak) ?? 0);
  const lastDay = store.getItem(STORAGE_KEYS.lastDate);
  return {
    current: Number.isFinite(current) && current > 0 ? Math.floor(current) : 0,
    lastDay: lastDay && /^\d{4}-\d{2}-\d{2}$/.test(lastDay) ? lastDay : null,
  };
}

/** The visitor's streak as shown today (0 once the last day is before yesterday). */
export function readLocalStreak(store: Store, timeZone: string, now: Date): number {
  return currentStreak(readLocalStreakState(store), localDate(now, timeZone));
}

export function readLocalActive(store: Store): LocalActive | null {
  const v = readJson<LocalActive | null>(store, STORAGE_KEYS.active, null);
  return v && typeof v.id === 'string' && typeof v.endsAt === 'string' && typeof v.startTime === 'string' ? v : null;
}

export function writeLocalActive(store: Store, active: LocalActive | null): void {
  if (active) store.setItem(STORAGE_KEYS.active, JSON.stringify(active));
  else store.removeItem(STORAGE_KEYS.active);
}

/** Records not yet offered for import into an account. */
export function pendingImport(store: Store): LocalSession[] {
  const handled = new Set(readJson<string[]>(store, STORAGE_KEYS.importHandled, []).map(String));
  return readLocalSessions(store).filter((s) => !handled.has(String(s.id)));
}

/** Remembers that these records were offered (imported or declined), so they are never offered again. */
export function markImportHandled(store: Store, sessions: LocalSession[]): void {
  const handled = readJson<string[]>(store, STORAGE_KEYS.importHandled, []).map(String);
  const merged = [...new Set([...handled, ...sessions.map((s) => String(s.id))])].slice(-LOCAL_HISTORY_LIMIT * 4);
  store.setItem(STORAGE_KEYS.importHandled, JSON.stringify(merged));
}
