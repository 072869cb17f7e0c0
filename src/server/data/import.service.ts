// Merges a LockIn JSON export into the signed-in account, all or nothing. Rows whose id the account
// already has are left as they are (an export imported twice adds nothing the second time); the
// plan's limits are checked against the merged result before anything is written. The profile,
// the plan and the daily-reset time stay the account's own: a file can never grant Premium. The
// blocked-sites list is merged within the plan's room, and the summary says what did not fit.
import { and, count, eq, inArray, or } from 'drizzle-orm';
import { BUILT_IN_CATEGORIES, CUSTOM_CATEGORY_LIMIT, DAILY_TASK_LIMIT, FREE_BANK_LIMIT } from '../../shared/constants';
import {
  DATA_MESSAGES,
  exportDocumentSchema,
  type ExportDocument,
  type ExportFocusSession,
  type ImportResult,
} from '../../shared/data';
import { overlaps, recordedStretches } from '../lockin/recorded-time';
import { sessionProblem } from './session-consistency';
import type { Tx } from '../db/client';
import { bankTasks, customCategories, dailyTasks, lockInSessions, taskCompletions, users } from '../db/schema';
import { readStreak } from '../lockin/streak';
import { canonicalTimeZone, localDate, safeTimeZone } from '../../shared/local-date';
import { isSignedHere } from './export-signature';
import { storableZone } from '../db/pg-zones';
import { importRestDays } from '../lockin/rest-days';
import type { AppDeps } from '../deps';
import { z } from 'zod';
import { AppError, describeZodError, fieldLabel } from '../http/errors';
import { importBlockedSites } from '../blocking/blocking.service';
import { importCircles } from '../circles/circles.service';
import { CIRCLES_FREE, CIRCLES_PREMIUM } from '../../shared/circles';
import { isPremium } from '../plans/plan-status';
import { lockUser } from '../tasks/tasks.service';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const INSERT_BATCH = 500;
const BUILT_IN = new Set<string>(BUILT_IN_CATEGORIES);

/**
 * Parses and validates the upload: 400 naming what is wrong, before any database work. The raw
 * object is what the signature is checked over (validation trims and drops).
 */
export function parseExport(text: string): { file: ExportDocument; raw: Record<string, unknown> } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', DATA_MESSAGES.notJson);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new AppError('BAD_REQUEST', 'The file must be a JSON object (a LockIn export)');
  }
  // Check the marker first, so a foreign JSON file is named as such rather than by its first missing field.
  const format = exportDocumentSchema.shape.format.safeParse((raw as { format?: unknown }).format);
  if (!format.success)
    throw new AppError('BAD_REQUEST', `Format ${format.error.issues[0]?.message ?? 'is not a LockIn export'}`);
  const version = exportDocumentSchema.shape.version.safeParse((raw as { version?: unknown }).version);
  if (!version.success)
    throw new AppError('BAD_REQUEST', `Version ${version.error.issues[0]?.message ?? 'is invalid'}`);
  const parsed = exportDocumentSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeImportError(parsed.error));
  return { file: parsed.data, raw: raw as Record<string, unknown> };
}

/** What one entry of each list looks like, for a message about an entry of the wrong kind. */
const ENTRY_SHAPES: Record<string, string> = {
  customCategories: '{ "name": "Reading", "createdAt": "2026-03-10T12:00:00.000Z" }',
  bank: '{ "id": "…", "title": "…", "description": null, "category": "Work", "createdAt": "…" }',
  tasks: '{ "id": "…", "title": "…", "category": "Work", "completed": false, … }',
  focusSessions: '{ "id": "…", "taskTitle": "…", "goalMinutes": 25, "status": "completed", … }',
  completions: '{ "taskId": "…", "title": "…", "category": "Work", "plannedOn": "2026-03-10", "completedAt": "…" }',
};

/**
 * A file's error names the entry (its list and 1-based position) and, when the entry is not an
 * object at all, what one should look like: 'Custom categories entry 2 must be an object like
 * { "name": …, "createdAt": … }, not a string'.
 */
function describeImportError(error: z.ZodError): string {
  const issue = error.issues[0];
  const at = issue?.path.findIndex((part) => typeof part === 'number') ?? -1;
  if (!issue || at < 1) return describeZodError(error);
  const list = String(issue.path[at - 1]);
  const entry = `${fieldLabel([list])} entry ${Number(issue.path[at]) + 1}`;
  const inside = issue.path.slice(at + 1);
  if (inside.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object') {
    const got = /received (\w+)/.exec(issue.message)?.[1];
    const shape = ENTRY_SHAPES[list];
    return `${entry} must be an object${shape ? ` like ${shape}` : ''}${got ? `, not ${/^[aeiou]/.test(got) ? 'an' : 'a'} ${got}` : ''}`;
  }
  const detail = describeZodError(new z.ZodError([{ ...issue, path: inside }]));
  return `${entry}: ${detail}`;
}

/**
 * Which of `ids` the account already has, asked in batches: only the rows the file names are read,
 * so an account's long history never loads into memory (the file itself is bounded by its size).
 */
async function existingOf(ids: string[], lookup: (batch: string[]) => Promise<string[]>): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  const found = new Set<string>();
  for (let i = 0; i < unique.length; i += INSERT_BATCH) {
    for (const id of await lookup(unique.slice(i, i + INSERT_BATCH))) found.add(id);
  }
  return found;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await insert(rows.slice(i, i + INSERT_BATCH));
}

const date = (value: string) => new Date(value);
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

export async function importExport(deps: AppDeps, user: { id: string }, text: string): Promise<ImportResult> {
  const { file, raw } = parseExport(text);
  // Only a file this server signed, unchanged, brings sessions that count toward the streak.
  const signed = await isSignedHere(deps.db, raw);
  const zoneOf = await sessionZones(deps, file, user.id);
  const premium = await isPremium(deps, user);
  const bankLimit = premium ? null : FREE_BANK_LIMIT;
  const now = deps.clock.now();
  const userId = user.id;

  return deps.db.transaction(async (tx) => {
    // The tasks domain's per-user lock: counts checked here stay true until commit.
    await lockUser(tx, userId, now);
    // The file's own streak figure is never taken: the streak is derived from the completed
    // sessions, so it moves only when the file brings sessions that extend it.
    const streakBefore = await streakOf(tx, userId, now);

    const haveBank = await existingOf(
      file.bank.map((t) => t.id),
      async (batch) =>
        (
          await tx
            .select({ id: bankTasks.id })
            .from(bankTasks)
            .where(and(eq(bankTasks.userId, userId), inArray(bankTasks.id, batch)))
        ).map((r) => r.id),
    );
    const newBank = file.bank.filter((t) => !haveBank.has(t.id));
    if (bankLimit !== null) {
      const [bank] = await tx.select({ n: count() }).from(bankTasks).where(eq(bankTasks.userId, userId));
      const had = bank?.n ?? 0;
      if (had + newBank.length > bankLimit)
        throw new AppError('LIMIT_REACHED', DATA_MESSAGES.bankLimit(had, newBank.length, bankLimit));
    }

    const haveDaily = new Set(
      (await tx.select({ id: dailyTasks.id }).from(dailyTasks).where(eq(dailyTasks.userId, userId))).map((r) => r.id),
    );
    const newDaily = file.daily.tasks.filter((t) => !haveDaily.has(t.id));
    if (haveDaily.size + newDaily.length > DAILY_TASK_LIMIT) {
      throw new AppError('LIMIT_REACHED', DATA_MESSAGES.dailyLimit(haveDaily.size, newDaily.length, DAILY_TASK_LIMIT));
    }

    await insertInBatches(newBank, (batch) =>
      tx.insert(bankTasks).values(
        batch.map((t) => ({
          userId,
          id: t.id,
          title: t.title,
          description: t.description,
          category: t.category,
          createdAt: date(t.createdAt),
        })),
      ),
    );

    if (newDaily.length > 0) {
      await tx.insert(dailyTasks).values(
        newDaily.map((t) => ({
          userId,
          id: t.id,
          title: t.title,
          description: t.description,
          category: t.category,
          createdAt: date(t.createdAt),
          addedAt: date(t.addedAt),
          completed: t.completed,
          completedAt: dateOrNull(t.completedAt),
          isCarryOver: t.isCarryOver,
          carryOverDate: dateOrNull(t.carryOverDate),
          plannedOn: t.plannedOn,
        })),
      );
    }

    const categories = await importCategories(tx, userId, file);
    const sessions = await importSessions(tx, userId, file, signed, zoneOf, now);
    if (signed) await importRestDays(tx, userId, file.restDays ?? []);
    const completions = await importCompletions(tx, userId, file);
    const sites = await importBlockedSites(tx, userId, file.siteBlocking, premium);
    const circleLimit = (premium ? CIRCLES_PREMIUM : CIRCLES_FREE).circles;
    const circles = await importCircles(tx, userId, file.circles, circleLimit, now);
    const streakUpdated = (await streakOf(tx, userId, now)).current !== streakBefore.current;

    return {
      added: {
        bank: newBank.length,
        daily: newDaily.length,
        customCategories: categories.added,
        focusSessions: sessions.added,
        completions: completions.added,
        blockedSites: sites.added,
        circles: circles.added,
      },
      skipped: {
        bank: file.bank.length - newBank.length,
        daily: file.daily.tasks.length - newDaily.length,
        customCategories: file.customCategories.length - categories.added,
        focusSessions: file.focusSessions.length - sessions.added - sessions.running,
        completions: file.completions.length - completions.added,
        blockedSites: sites.skipped,
        circles: circles.skipped,
      },
      blockedSitesOverLimit: sites.overLimit,
      allowOnlyNotImported: sites.allowOnlyNotImported,
      circlesOverLimit: circles.overLimit,
      skippedRunningSessions: sessions.running,
      streakUpdated,
      signed,
    };
  });
}

async function importCategories(tx: Tx, userId: string, file: ExportDocument): Promise<{ added: number }> {
  // Built-in names are never custom categories (the tasks domain refuses them too).
  const wanted = file.customCategories.filter((c) => !BUILT_IN.has(c.name));
  if (wanted.length === 0) return { added: 0 };
  const inserted = await tx
    .insert(customCategories)
    .values(wanted.map((c) => ({ userId, name: c.name, createdAt: date(c.createdAt) })))
    .onConflictDoNothing()
    .returning({ name: customCategories.name });
  if (inserted.length > 0) {
    // Counted after the insert (names the account already had add nothing); a refusal rolls the
    // whole import back.
    const [held] = await tx.select({ n: count() }).from(customCategories).where(eq(customCategories.userId, userId));
    const total = held?.n ?? 0;
    if (total > CUSTOM_CATEGORY_LIMIT)
      throw new AppError('LIMIT_REACHED', DATA_MESSAGES.categoryLimit(total, CUSTOM_CATEGORY_LIMIT));
  }
  return { added: inserted.length };
}

async function importSessions(
  tx: Tx,
  userId: string,
  file: ExportDocument,
  signed: boolean,
  zoneOf: (s: ExportFocusSession) => string,
  now: Date,
): Promise<{ added: number; running: number }> {
  // A session still running in the file belongs to the server it runs on: it is not brought over
  // (it would also clash with the one-running-session rule), and the answer counts it.
  const ended = file.focusSessions.map((s, index) => ({ s, index })).filter(({ s }) => s.status !== 'active');
  const running = file.focusSessions.length - ended.length;
  if (ended.length === 0) return { added: 0, running };
  // A session is already here when its id or its other-shape id (alias) matches an id or alias
  // here: either way it is one session (and the alias is unique per user).
  const have = new Set<string>();
  const haveAlias = new Set<string>();
  await existingOf(
    ended.flatMap(({ s }) => (s.aliasId ? [s.id, s.aliasId] : [s.id])),
    async (batch) => {
      const rows = await tx
        .select({ id: lockInSessions.id, aliasId: lockInSessions.aliasId })
        .from(lockInSessions)
        .where(
          and(
            eq(lockInSessions.userId, userId),
            or(inArray(lockInSessions.id, batch), inArray(lockInSessions.aliasId, batch)),
          ),
        );
      for (const r of rows) {
        have.add(r.id);
        if (r.aliasId) haveAlias.add(r.aliasId);
      }
      return [];
    },
  );
  const fresh = ended.filter(({ s }) => {
    const known = (id: string) => have.has(id) || haveAlias.has(id);
    if (known(s.id) || (s.aliasId && known(s.aliasId))) return false;
    // Later rows of the same file that share an id or alias with this one are the same session.
    have.add(s.id);
    if (s.aliasId) haveAlias.add(s.aliasId);
    return true;
  });
  await assertConsistent(tx, userId, fresh, now);
  await insertInBatches(fresh, (batch) =>
    tx.insert(lockInSessions).values(
      batch.map(({ s }) => ({
        userId,
        id: s.id,
        aliasId: s.aliasId ?? null,
        roomId: s.roomId ?? null,
        taskTitle: s.taskTitle,
        category: s.category,
        goalText: s.goalText,
        goalMinutes: s.goalMinutes,
        actualMinutes: s.actualMinutes,
        status: s.status,
        completed: s.completed,
        quitEarly: s.quitEarly,
        quitReason: s.quitReason,
        startedAt: date(s.startedAt),
        endsAt: date(s.endsAt),
        endedAt: dateOrNull(s.endedAt),
        timeZone: zoneOf(s),
        imported: !signed || s.imported === true,
        // Over before this server heard of it: nothing left to remind anyone of.
        endNotifiedAt: now,
      })),
    ),
  );
  return { added: fresh.length, running };
}

/**
 * Every new session is one LockIn could have recorded, and none overlaps another (in the file or
 * in the account): the first that is not is refused by its place in the file, before any insert.
 */
async function assertConsistent(
  tx: Tx,
  userId: string,
  fresh: { s: ExportFocusSession; index: number }[],
  now: Date,
): Promise<void> {
  const entry = (index: number) => `${fieldLabel(['focusSessions'])} entry ${index + 1}`;
  const stretches = fresh.map(({ s, index }) => {
    const checked = sessionProblem(s, now);
    if ('problem' in checked) throw new AppError('BAD_REQUEST', `${entry(index)} ${checked.problem}`);
    return { index, ...checked };
  });
  if (stretches.length === 0) return;
  stretches.sort((a, b) => a.start - b.start);
  let latest = stretches[0];
  for (const stretch of stretches.slice(1)) {
    if (latest && overlaps(stretch, latest)) {
      const [first, second] = [latest.index, stretch.index].sort((a, b) => a - b) as [number, number];
      throw new AppError('BAD_REQUEST', `${entry(second)} overlaps entry ${first + 1}`);
    }
    if (!latest || stretch.end > latest.end) latest = stretch;
  }
  const from = new Date(stretches[0]?.start ?? 0);
  const to = new Date(Math.max(...stretches.map((x) => x.end)));
  const recorded = await recordedStretches(tx, userId, from, to);
  for (const here of recorded) {
    const clash = stretches.find((stretch) => overlaps(stretch, here));
    if (clash) throw new AppError('BAD_REQUEST', `${entry(clash.index)} overlaps a session already in your account`);
  }
}

async function importCompletions(tx: Tx, userId: string, file: ExportDocument): Promise<{ added: number }> {
  if (file.completions.length === 0) return { added: 0 };
  // History rows have only a local serial id: the same task completed at the same instant is the same row.
  const key = (taskId: string, completedAt: Date) => `${taskId}\u0000${completedAt.toISOString()}`;
  // Only the history of the tasks the file names is read, not the account's whole history.
  const seen = await existingOf(
    file.completions.map((c) => c.taskId),
    async (batch) =>
      (
        await tx
          .select({ taskId: taskCompletions.taskId, completedAt: taskCompletions.completedAt })
          .from(taskCompletions)
          .where(and(eq(taskCompletions.userId, userId), inArray(taskCompletions.taskId, batch)))
      ).map((r) => key(r.taskId, r.completedAt)),
  );
  const fresh = file.completions.filter((c) => {
    const k = key(c.taskId, date(c.completedAt));
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  await insertInBatches(fresh, (batch) =>
    tx.insert(taskCompletions).values(
      batch.map((c) => ({
        userId,
        taskId: c.taskId,
        title: c.title,
        category: c.category,
        plannedOn: c.plannedOn,
        completedAt: date(c.completedAt),
      })),
    ),
  );
  return { added: fresh.length };
}

/**
 * Each imported session's zone as it is stored: the zone it was recorded in; for a file made
 * before zones were kept, its owner's (the zone it was counted in); else the importer's. Each
 * distinct name is checked against the database once, before the transaction.
 */
async function sessionZones(
  deps: AppDeps,
  file: ExportDocument,
  userId: string,
): Promise<(s: ExportFocusSession) => string> {
  const [importer] = await deps.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  const fallback = canonicalTimeZone(file.profile.timeZone) ?? safeTimeZone(importer?.timeZone);
  const named = (s: ExportFocusSession) => (s.timeZone ? canonicalTimeZone(s.timeZone) : null) ?? fallback;
  const stored = new Map<string, string>();
  for (const zone of new Set(file.focusSessions.map(named))) stored.set(zone, await storableZone(deps.db, zone));
  return (s) => stored.get(named(s)) ?? 'UTC';
}

/** The user's streak as the app shows it now, in the user's own zone. */
async function streakOf(tx: Tx, userId: string, now: Date) {
  const [user] = await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  const timeZone = safeTimeZone(user?.timeZone ?? 'UTC');
  return readStreak(tx, userId, localDate(now, timeZone));
}
