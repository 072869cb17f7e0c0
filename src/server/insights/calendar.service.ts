// The private iCalendar feed (premium): a random token in the URL is the only key, so it can be
// shown again, regenerated (which revokes the old URL) or revoked. The feed lists recent focus
// sessions and today's focus tasks as RFC 5545 events built by ical-generator.
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { and, desc, eq, gte } from 'drizzle-orm';
import { APP_NAME } from '../../shared/constants';
import type { CalendarFeedInfo } from '../../shared/insights';
import { localDate, safeTimeZone } from '../../shared/local-date';
import { calendarFeeds, dailyTasks, lockInSessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { isPremium } from '../plans/plan-status';

export const CALENDAR_MESSAGES = {
  premiumOnly: 'The calendar feed needs LockIn Premium',
  notFound: 'No calendar feed at this address',
} as const;

/** How far back the feed reaches, and how many sessions it lists at most. */
export const FEED_DAYS = 90;
export const FEED_MAX_SESSIONS = 500;
/** Calendar apps are asked to refresh about this often (X-PUBLISHED-TTL). */
export const FEED_TTL_SECONDS = 3600;

const DAY_MS = 86_400_000;

export function feedUrl(deps: AppDeps, token: string): string {
  return `${deps.config.appUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
}

function newToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export async function getFeed(deps: AppDeps, user: { id: string }): Promise<CalendarFeedInfo> {
  const [row] = await deps.db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, user.id))
    .limit(1);
  return { url: row ? feedUrl(deps, row.token) : null };
}

/** Creates the feed, or replaces its token: the previous URL stops working at once. */
export async function regenerateFeed(deps: AppDeps, user: { id: string }): Promise<CalendarFeedInfo> {
  if (!(await isPremium(deps, user))) throw new AppError('FORBIDDEN', CALENDAR_MESSAGES.premiumOnly);
  const token = newToken();
  const now = deps.clock.now();
  await deps.db
    .insert(calendarFeeds)
    .values({ userId: user.id, token, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: now } });
  return { url: feedUrl(deps, token) };
}

/** Revoking is allowed on any plan: a user who left Premium can still kill an old URL. */
export async function revokeFeed(deps: AppDeps, user: { id: string }): Promise<CalendarFeedInfo> {
  await deps.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return { url: null };
}

const STATUS_TEXT: Record<string, string> = {
  completed: 'Completed',
  quit: 'Ended early',
  active: 'In progress',
};

/** The .ics text for a token; 404 for an unknown (or revoked) token, 403 once Premium has ended. */
export async function renderFeed(deps: AppDeps, token: string): Promise<string> {
  const [owner] = await deps.db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  if (!owner) throw new AppError('NOT_FOUND', CALENDAR_MESSAGES.notFound);
  if (!(await isPremium(deps, owner))) throw new AppError('FORBIDDEN', CALENDAR_MESSAGES.premiumOnly);

  const now = deps.clock.now();
  const tz = safeTimeZone(owner.timeZone);
  const today = localDate(now, tz);
  const [sessions, tasks] = await Promise.all([
    deps.db
      .select({
        id: lockInSessions.id,
        taskTitle: lockInSessions.taskTitle,
        category: lockInSessions.category,
        goalText: lockInSessions.goalText,
        goalMinutes: lockInSessions.goalMinutes,
        actualMinutes: lockInSessions.actualMinutes,
        status: lockInSessions.status,
        quitReason: lockInSessions.quitReason,
        startedAt: lockInSessions.startedAt,
        endsAt: lockInSessions.endsAt,
        endedAt: lockInSessions.endedAt,
      })
      .from(lockInSessions)
      .where(
        and(
          eq(lockInSessions.userId, owner.id),
          gte(lockInSessions.startedAt, new Date(now.getTime() - FEED_DAYS * DAY_MS)),
        ),
      )
      .orderBy(desc(lockInSessions.startedAt))
      .limit(FEED_MAX_SESSIONS),
    deps.db
      .select({
        id: dailyTasks.id,
        title: dailyTasks.title,
        description: dailyTasks.description,
        category: dailyTasks.category,
        completed: dailyTasks.completed,
      })
      .from(dailyTasks)
      .where(eq(dailyTasks.userId, owner.id))
      .orderBy(dailyTasks.seq),
  ]);

  // Loaded with the first feed a calendar app fetches, not at start.
  const { default: ical, ICalEventStatus } = await import('ical-generator');
  const calendar = ical({
    name: `${APP_NAME} focus`,
    description: `Your ${APP_NAME} focus sessions and today's focus tasks`,
    prodId: { company: APP_NAME, product: 'calendar-feed', language: 'EN' },
    ttl: FEED_TTL_SECONDS,
  });

  for (const s of sessions) {
    const lines = [
      `${STATUS_TEXT[s.status] ?? s.status}${s.status === 'quit' && s.quitReason ? ` (${s.quitReason})` : ''}`,
      `Goal: ${s.goalMinutes} min${s.actualMinutes !== null ? ` · Focused: ${s.actualMinutes} min` : ''}`,
      `Category: ${s.category}`,
    ];
    if (s.goalText) lines.push(`Intention: ${s.goalText}`);
    calendar.createEvent({
      id: `session-${s.id}@lockin`,
      start: s.startedAt,
      end: s.endedAt ?? s.endsAt,
      stamp: now,
      summary: `Lock-In: ${s.taskTitle}`,
      description: lines.join('\n'),
      categories: [{ name: s.category }],
      status: s.status === 'active' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }

  // Today's focus tasks as all-day events on the user's local today (a Date at UTC midnight of
  // that date: ical-generator writes all-day dates from the UTC calendar date).
  const day = new Date(`${today}T00:00:00Z`);
  for (const t of tasks) {
    calendar.createEvent({
      id: `today-${today}-${t.id}@lockin`,
      start: day,
      end: new Date(day.getTime() + DAY_MS),
      allDay: true,
      stamp: now,
      summary: `${t.completed ? '✓ ' : ''}Today's Focus: ${t.title}`,
      description: [t.description, `Category: ${t.category}`].filter(Boolean).join('\n'),
      categories: [{ name: t.category }],
    });
  }
  return calendar.toString();
}
