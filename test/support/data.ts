// Test factories for the 'Your data' tests: a user with a row in every table that can hold one
// of theirs, and readers that look through every table for a user's traces.
import { sql } from 'drizzle-orm';
import { createSession, generateSessionToken, hashToken } from '../../src/server/accounts/sessions';
import {
  bankTasks,
  blockedSites,
  calendarFeeds,
  extensionTokens,
  focusCircleMembers,
  restDaySettings,
  focusCircles,
  focusRoomMembers,
  focusRooms,
  checkoutSessions,
  customCategories,
  dailyResetState,
  dailyTasks,
  emailChanges,
  lockInSessions,
  oauthAccounts,
  passwordResetTokens,
  pushSubscriptions,
  subscriptions,
  taskCompletions,
  trustedDevices,
} from '../../src/server/db/schema';
import { hitRateLimit, RATE_LIMITS } from '../../src/server/http/rate-limit';
import type { ExportFocusSession } from '../../src/shared/data';
import type { TestContext } from './app';
import { userZone } from './insights-factories';

const DAY = 24 * 60 * 60_000;

export interface FocusSessionSeed {
  id: string;
  aliasId?: string | null;
  taskTitle?: string;
  category?: string;
  goalText?: string | null;
  goalMinutes?: number;
  actualMinutes?: number | null;
  status?: 'active' | 'completed' | 'quit';
  quitReason?: string | null;
  startedAt: Date;
}

/** Ended (or running) focus sessions written as the Lock-In service stores them. */
export async function insertFocusSessions(ctx: TestContext, userId: string, seeds: FocusSessionSeed[]): Promise<void> {
  for (let i = 0; i < seeds.length; i += 500) {
    await ctx.deps.db.insert(lockInSessions).values(
      seeds.slice(i, i + 500).map((s) => {
        const goal = s.goalMinutes ?? 25;
        const status = s.status ?? 'completed';
        const endsAt = new Date(s.startedAt.getTime() + goal * 60_000);
        const actual =
          status === 'active' ? null : (s.actualMinutes ?? (status === 'completed' ? goal : Math.floor(goal / 2)));
        return {
          userId,
          id: s.id,
          aliasId: s.aliasId ?? null,
          taskTitle: s.taskTitle ?? `Session ${s.id}`,
          category: s.category ?? 'Work',
          goalText: s.goalText ?? null,
          goalMinutes: goal,
          actualMinutes: actual,
          status,
          completed: status === 'completed',
          quitEarly: status === 'quit',
          quitReason: status === 'quit' ? (s.quitReason ?? 'Distracted') : null,
          startedAt: s.startedAt,
          endsAt,
          endedAt: status === 'active' ? null : new Date(s.startedAt.getTime() + (actual ?? 0) * 60_000),
          timeZone: userZone(userId),
        };
      }),
    );
  }
}

export interface Secrets {
  sessionTokenHash: string;
  resetTokenHash: string;
  providerUserId: string;
  customerId: string;
  subscriptionId: string;
  checkoutId: string;
  feedToken: string;
}

/**
 * Gives the user a row in every user-owned table (and a per-email rate-limit counter), each
 * carrying `marker` in a text field where there is one. Returns the secrets stored on the way.
 */
export async function seedEverything(
  ctx: TestContext,
  user: { id: string; email: string },
  marker: string,
): Promise<Secrets> {
  const { db } = ctx.deps;
  const now = ctx.clock.now();
  const token = generateSessionToken();
  await createSession(db, ctx.clock, user.id, token);
  const secrets: Secrets = {
    sessionTokenHash: hashToken(token),
    resetTokenHash: hashToken(`reset-${marker}-${crypto.randomUUID()}`),
    providerUserId: `gh-${marker}-${crypto.randomUUID()}`,
    customerId: `cus_${marker}${crypto.randomUUID().slice(0, 8)}`,
    subscriptionId: `sub_${marker}${crypto.randomUUID().slice(0, 8)}`,
    checkoutId: `cs_${marker}${crypto.randomUUID().slice(0, 8)}`,
    feedToken: `feed-${marker}-${crypto.randomUUID()}`,
  };
  await db
    .insert(oauthAccounts)
    .values({ provider: 'github', providerUserId: secrets.providerUserId, userId: user.id });
  await db
    .insert(passwordResetTokens)
    .values({ tokenHash: secrets.resetTokenHash, userId: user.id, expiresAt: new Date(now.getTime() + DAY) });
  await hitRateLimit(ctx.deps, RATE_LIMITS.loginPerEmail, user.email);
  await hitRateLimit(ctx.deps, RATE_LIMITS.forgotPerEmail, user.email);
  await hitRateLimit(ctx.deps, { name: 'checkout:user', limit: 30, windowMs: 60 * 60_000 }, user.id);
  await db.insert(bankTasks).values([
    {
      userId: user.id,
      id: `${marker}-bank-1`,
      title: `${marker} bank one`,
      category: 'Work',
      createdAt: new Date(now.getTime() - 2 * DAY),
    },
    {
      userId: user.id,
      id: `${marker}-bank-2`,
      title: `${marker} bank two`,
      description: 'with a note',
      category: `${marker}-cat`,
      createdAt: new Date(now.getTime() - DAY),
    },
  ]);
  await db.insert(customCategories).values({ userId: user.id, name: `${marker}-cat`, createdAt: now });
  await db.insert(dailyResetState).values({ userId: user.id, lastResetAt: new Date(now.getTime() - 60_000) });
  await db.insert(dailyTasks).values([
    {
      userId: user.id,
      id: `${marker}-daily-1`,
      title: `${marker} carried`,
      category: 'Work',
      createdAt: new Date(now.getTime() - 3 * DAY),
      addedAt: new Date(now.getTime() - 3 * DAY),
      isCarryOver: true,
      carryOverDate: new Date(now.getTime() - 2 * DAY),
      plannedOn: new Date(now.getTime() - 3 * DAY).toISOString().slice(0, 10),
    },
    {
      userId: user.id,
      id: `${marker}-daily-2`,
      title: `${marker} done`,
      category: 'General',
      createdAt: now,
      addedAt: now,
      completed: true,
      completedAt: now,
      plannedOn: now.toISOString().slice(0, 10),
    },
  ]);
  await db.insert(taskCompletions).values({
    userId: user.id,
    taskId: `${marker}-daily-2`,
    title: `${marker} done`,
    category: 'General',
    plannedOn: now.toISOString().slice(0, 10),
    completedAt: now,
  });
  await insertFocusSessions(ctx, user.id, [
    {
      id: `${marker}-s1`,
      aliasId: `focus_${marker}_1`,
      taskTitle: `${marker} deep work`,
      goalText: 'finish the draft',
      startedAt: new Date(now.getTime() - 2 * DAY),
    },
    {
      id: `${marker}-s2`,
      taskTitle: `${marker} reading`,
      status: 'quit',
      quitReason: 'Interrupted',
      startedAt: new Date(now.getTime() - DAY),
    },
  ]);
  await db
    .insert(trustedDevices)
    .values({ tokenHash: `${marker}-device`, userId: user.id, createdAt: now, lastUsedAt: now });
  await db.insert(emailChanges).values({
    tokenHash: `${marker}-email-change`,
    userId: user.id,
    newEmail: `${marker}-new@example.com`,
    expiresAt: new Date(now.getTime() + DAY),
  });
  await db.insert(pushSubscriptions).values({
    id: crypto.randomUUID(),
    userId: user.id,
    endpoint: `https://fcm.googleapis.com/fcm/send/${marker}-${crypto.randomUUID()}`,
    p256dh: 'p256dh',
    auth: 'auth',
  });
  await db.insert(subscriptions).values({
    userId: user.id,
    provider: 'demo',
    customerId: secrets.customerId,
    subscriptionId: secrets.subscriptionId,
    status: 'active',
    currentPeriodEnd: new Date(now.getTime() + 30 * DAY),
    hasPaymentMethod: true,
  });
  await db
    .insert(checkoutSessions)
    .values({ id: secrets.checkoutId, userId: user.id, provider: 'demo', mode: 'paid', status: 'complete' });
  await db.insert(calendarFeeds).values({ userId: user.id, token: secrets.feedToken });
  await db.insert(blockedSites).values({ userId: user.id, domain: `${marker}.example` });
  const roomId = crypto.randomUUID();
  await db.insert(focusRooms).values({
    id: roomId,
    hostId: user.id,
    goalMinutes: 25,
    strict: true,
    startsAt: new Date(now.getTime() + 60 * 60_000),
    endsAt: new Date(now.getTime() + 85 * 60_000),
  });
  await db
    .insert(focusRoomMembers)
    .values({ roomId, userId: user.id, joinedAt: now, taskTitle: 'Room task', category: 'Work' });
  const circleId = crypto.randomUUID();
  await db.insert(focusCircles).values({ id: circleId, creatorId: user.id, name: `${marker} circle` });
  await db.insert(focusCircleMembers).values({ circleId, userId: user.id, joinedAt: now });
  await db.insert(restDaySettings).values({ userId: user.id, effectiveFrom: '2026-03-01', weekdays: 1 });
  await db
    .insert(extensionTokens)
    .values({ id: crypto.randomUUID(), userId: user.id, tokenHash: hashToken(`${marker}-extension`), name: 'Chrome' });
  return secrets;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  // PGlite answers { rows }, postgres.js an array.
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/** Every table of the public schema (the migrations' bookkeeping lives in its own schema). */
export async function allTables(ctx: TestContext): Promise<{ name: string; hasUserId: boolean }[]> {
  const rows = rowsOf(
    await ctx.deps.db.execute(sql`
      select t.table_name as name,
             exists (select 1 from information_schema.columns c
                     where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'user_id') as "hasUserId"
      from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by t.table_name`),
  );
  return rows.map((r) => ({ name: String(r.name), hasUserId: Boolean(r.hasUserId) }));
}

/**
 * For each table, how many rows belong to or mention the user: by user_id (or id for users), by
 * the whole row's text holding the id or the email, and for rate_limits by the email's hashed key.
 */
export async function tracesOf(ctx: TestContext, user: { id: string; email: string }): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  // Rate-limit keys end in ':' and the hash of their subject, whichever rule they count for.
  const subjectHashes = [hashToken(user.email.toLowerCase()), hashToken(user.id)];
  for (const table of await allTables(ctx)) {
    const t = sql.identifier(table.name);
    const byText = sql`(${t}::text like ${`%${user.id}%`} or lower(${t}::text) like ${`%${user.email.toLowerCase()}%`})`;
    let where = byText;
    if (table.hasUserId) where = sql`(${sql.identifier('user_id')} = ${user.id} or ${byText})`;
    if (table.name === 'users') where = sql`(${sql.identifier('id')} = ${user.id} or ${byText})`;
    if (table.name === 'rate_limits') {
      where = sql`(${sql.join(
        subjectHashes.map((h) => sql`${sql.identifier('key')} like ${`%:${h}`}`),
        sql` or `,
      )} or ${byText})`;
    }
    const [row] = rowsOf(await ctx.deps.db.execute(sql`select count(*)::int as n from ${t} where ${where}`));
    out[table.name] = Number(row?.n ?? 0);
  }
  return out;
}

/** The same exported session moved by `ms` (start, planned end and end together). */
export function shiftedSession<T extends { startedAt: string; endsAt: string; endedAt: string | null }>(
  session: T,
  ms: number,
): T {
  const move = (iso: string) => new Date(Date.parse(iso) + ms).toISOString();
  return {
    ...session,
    startedAt: move(session.startedAt),
    endsAt: move(session.endsAt),
    endedAt: session.endedAt === null ? null : move(session.endedAt),
  };
}

/** A completed session as a file would hold it, written by hand (no server recorded it). */
export function handWrittenSession(id: string, startMs: number, minutes: number): ExportFocusSession {
  const end = new Date(startMs + minutes * 60_000).toISOString();
  return {
    id,
    taskTitle: 'Made up',
    category: 'Work',
    goalText: null,
    goalMinutes: minutes,
    actualMinutes: minutes,
    status: 'completed',
    completed: true,
    quitEarly: false,
    quitReason: null,
    startedAt: new Date(startMs).toISOString(),
    endsAt: end,
    endedAt: end,
  };
}
