// Users with real histories for the capacity bench, written straight into a migrated database
// before any server opens it (signing up thousands of users through the API would spend minutes
// hashing passwords). Each user gets a session whose token the bench knows, a Task Bank, three
// tasks on Today's Focus, ~60 days of Lock-In sessions and completed tasks; one in five is
// Premium with a calendar feed.
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import {
  bankTasks,
  calendarFeeds,
  dailyResetState,
  dailyTasks,
  lockInSessions,
  sessions,
  subscriptions,
  taskCompletions,
  users,
} from '../../src/server/db/schema';

export interface SeededUser {
  id: string;
  /** `lockin_session=<token>` */
  cookie: string;
  /** On Today's Focus (all three also in the bank). */
  dailyIds: string[];
  premium: boolean;
  /** The calendar feed's token (Premium users). */
  feedToken?: string;
}

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 60;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'America/Los_Angeles'];
const CATEGORIES = ['Work', 'Study', 'Health', 'Personal'];
const PREMIUM_SHARE = 0.2;
/** Rows per insert statement. */
const CHUNK = 1_000;

/** A deterministic generator, so every run seeds the same histories. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Seeds `count` users into the database at `databaseUrl` (PostgreSQL) or `dataDir` (PGlite). */
export async function seedUsers(
  target: { databaseUrl?: string; dataDir: string },
  count: number,
): Promise<SeededUser[]> {
  const database = await openDatabase(target);
  await runMigrations(database, target.databaseUrl);
  const { db } = database;
  const rand = random(42);
  const now = Date.now();
  const seeded: SeededUser[] = [];
  const rows = {
    users: [] as (typeof users.$inferInsert)[],
    sessions: [] as (typeof sessions.$inferInsert)[],
    bank: [] as (typeof bankTasks.$inferInsert)[],
    daily: [] as (typeof dailyTasks.$inferInsert)[],
    resets: [] as (typeof dailyResetState.$inferInsert)[],
    lockin: [] as (typeof lockInSessions.$inferInsert)[],
    completions: [] as (typeof taskCompletions.$inferInsert)[],
    subscriptions: [] as (typeof subscriptions.$inferInsert)[],
    feeds: [] as (typeof calendarFeeds.$inferInsert)[],
  };
  for (let u = 0; u < count; u++) {
    const id = crypto.randomUUID();
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex');
    const premium = rand() < PREMIUM_SHARE;
    rows.users.push({ id, email: `capacity${u}@example.com`, firstName: 'Cap', timeZone: ZONES[u % ZONES.length] });
    rows.sessions.push({
      id: Bun.SHA256.hash(token, 'hex'),
      userId: id,
      createdAt: new Date(now),
      expiresAt: new Date(now + 30 * DAY_MS),
    });
    const bankIds = Array.from({ length: 6 }, () => crypto.randomUUID());
    rows.bank.push(
      ...bankIds.map((taskId, i) => ({
        userId: id,
        id: taskId,
        title: `Task ${i + 1}`,
        category: CATEGORIES[i % CATEGORIES.length],
        createdAt: new Date(now - (10 - i) * DAY_MS),
      })),
    );
    const dailyIds = bankIds.slice(0, 3);
    rows.daily.push(
      ...dailyIds.map((taskId, i) => ({
        userId: id,
        id: taskId,
        title: `Task ${i + 1}`,
        category: CATEGORIES[i % CATEGORIES.length],
        createdAt: new Date(now - (10 - i) * DAY_MS),
        addedAt: new Date(now - 60_000),
        plannedOn: new Date(now).toISOString().slice(0, 10),
      })),
    );
    rows.resets.push({ userId: id, lastResetAt: new Date(now - 60_000) });
    for (let day = HISTORY_DAYS; day >= 1; day--) {
      if (rand() < 0.3) continue;
      const sessionsToday = 1 + Math.floor(rand() * 3);
      for (let s = 0; s < sessionsToday; s++) {
        const goal = [25, 45, 60][Math.floor(rand() * 3)] ?? 25;
        const start = now - day * DAY_MS + s * 3 * 3_600_000 + Math.floor(rand() * 3_600_000);
        const quit = rand() < 0.2;
        const actual = quit ? Math.floor(rand() * goal) : goal;
        rows.lockin.push({
          userId: id,
          id: crypto.randomUUID(),
          taskTitle: `Task ${s + 1}`,
          category: CATEGORIES[s % CATEGORIES.length],
          goalMinutes: goal,
          actualMinutes: actual,
          status: quit ? 'quit' : 'completed',
          completed: !quit,
          quitEarly: quit,
          quitReason: quit ? 'Distracted' : null,
          startedAt: new Date(start),
          endsAt: new Date(start + goal * 60_000),
          endedAt: new Date(start + actual * 60_000),
          endNotifiedAt: new Date(start + actual * 60_000),
          timeZone: ZONES[u % ZONES.length] ?? 'UTC',
        });
      }
      rows.completions.push({
        userId: id,
        taskId: bankIds[day % bankIds.length] ?? id,
        title: 'Task',
        category: 'Work',
        plannedOn: new Date(now - day * DAY_MS).toISOString().slice(0, 10),
        completedAt: new Date(now - day * DAY_MS + 7_200_000),
      });
    }
    let feedToken: string | undefined;
    if (premium) {
      rows.subscriptions.push({
        userId: id,
        provider: 'demo',
        status: 'active',
        currentPeriodEnd: new Date(now + 30 * DAY_MS),
        hasPaymentMethod: true,
      });
      feedToken = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
      rows.feeds.push({ userId: id, token: feedToken });
    }
    seeded.push({ id, cookie: `lockin_session=${token}`, dailyIds, premium, feedToken });
  }
  await insertChunked(rows.users, (c) => db.insert(users).values(c));
  await insertChunked(rows.sessions, (c) => db.insert(sessions).values(c));
  await insertChunked(rows.bank, (c) => db.insert(bankTasks).values(c));
  await insertChunked(rows.daily, (c) => db.insert(dailyTasks).values(c));
  await insertChunked(rows.resets, (c) => db.insert(dailyResetState).values(c));
  await insertChunked(rows.lockin, (c) => db.insert(lockInSessions).values(c));
  await insertChunked(rows.completions, (c) => db.insert(taskCompletions).values(c));
  await insertChunked(rows.subscriptions, (c) => db.insert(subscriptions).values(c));
  await insertChunked(rows.feeds, (c) => db.insert(calendarFeeds).values(c));
  await database.close();
  return seeded;
}
