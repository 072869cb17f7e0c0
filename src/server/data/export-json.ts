// Everything of one user's as one JSON document (EXPORT_FORMAT), streamed as it is read.
import { asc, eq } from 'drizzle-orm';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../shared/data';
import { customCategories, dailyResetState, oauthAccounts, users } from '../db/schema';
import { sessionUserColumns } from '../accounts/sessions';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { readStreak } from '../lockin/streak';
import { readRestDaySettings } from '../lockin/rest-days';
import { localDate, safeTimeZone } from '../../shared/local-date';
import { getPlanStatus } from '../plans/plan-status';
import { blockingForExport } from '../blocking/blocking.service';
import { roomsForExport } from '../rooms/rooms.service';
import { circlesForExport } from '../circles/circles.service';
import { type ExportSigner, exportSigner, SIGNATURE_KEY, type SIGNED_LISTS } from './export-signature';
import { bankPages, completionPages, iso, readDaily, sessionPages, toExportSession } from './export-pages';

/**
 * The export document, written as a stream of text chunks: the small parts first in one piece,
 * then the two lists that grow without bound (sessions, completion history) page by page.
 */
export async function* exportJsonChunks(deps: AppDeps, userId: string): AsyncGenerator<string> {
  const { db } = deps;
  // Explicit columns: the password hash never leaves the server (conventions, habit 4).
  const [profile] = await db
    .select({
      ...sessionUserColumns,
      createdAt: users.createdAt,
      hasPassword: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) throw new AppError('NOT_FOUND', 'Account not found');
  const providers = await db
    .select({ provider: oauthAccounts.provider })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(asc(oauthAccounts.provider));
  const [reset] = await db
    .select({ lastResetAt: dailyResetState.lastResetAt })
    .from(dailyResetState)
    .where(eq(dailyResetState.userId, userId));
  const daily = await readDaily(db, userId);
  const categories = await db
    .select({ name: customCategories.name, createdAt: customCategories.createdAt })
    .from(customCategories)
    .where(eq(customCategories.userId, userId))
    .orderBy(asc(customCategories.createdAt), asc(customCategories.name));
  // For information: an import never takes it back (the streak is derived from the sessions).
  const zone = safeTimeZone(profile.timeZone);
  const streak = await readStreak(db, userId, localDate(deps.clock.now(), zone));
  const restDays = await readRestDaySettings(db, userId);
  const plan = await getPlanStatus(deps, userId);
  const siteBlocking = await blockingForExport(deps, userId);
  const rooms = await roomsForExport(deps, userId);
  const circles = await circlesForExport(deps, userId);

  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: deps.clock.now().toISOString(),
    profile: {
      id: profile.id,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      profileImageUrl: profile.profileImageUrl,
      timeZone: profile.timeZone,
      createdAt: profile.createdAt.toISOString(),
      signInMethods: [...(profile.hasPassword ? ['password'] : []), ...providers.map((p) => p.provider)],
    },
    plan,
    daily: {
      lastResetAt: iso(reset?.lastResetAt ?? null),
      tasks: daily.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        category: t.category,
        createdAt: t.createdAt.toISOString(),
        addedAt: t.addedAt.toISOString(),
        completed: t.completed,
        completedAt: iso(t.completedAt),
        isCarryOver: t.isCarryOver,
        carryOverDate: iso(t.carryOverDate),
        plannedOn: t.plannedOn,
      })),
    },
    customCategories: categories.map((c) => ({ name: c.name, createdAt: c.createdAt.toISOString() })),
    streak: { current: streak.current, lastDay: streak.lastDay },
    // Each rest-day setting with the day it took effect (the streak rule reads them by day).
    restDays,
    siteBlocking,
    // Your part in each Focus-together room still kept (never the other members' names).
    rooms,
    circles,
  };
  const signer = await exportSigner(db);
  signer.add(JSON.stringify(head));
  // Drop the closing brace of the head object and continue with the streamed lists.
  yield JSON.stringify(head, null, 2).slice(0, -2);

  yield* jsonArray(signer, 'bank', bankPages(db, userId), (r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    createdAt: r.createdAt.toISOString(),
  }));
  yield* jsonArray(signer, 'focusSessions', sessionPages(db, userId), toExportSession);
  yield* jsonArray(signer, 'completions', completionPages(db, userId), (c) => c);
  // Last, over everything above: an import counts this file's sessions toward the streak only
  // when it is unchanged (export-signature.ts).
  yield `,\n  ${JSON.stringify(SIGNATURE_KEY)}: ${JSON.stringify(signer.signature())}\n}\n`;
}

async function* jsonArray<R, T>(
  signer: ExportSigner,
  key: (typeof SIGNED_LISTS)[number],
  pages: AsyncGenerator<R[]>,
  map: (row: R) => T,
): AsyncGenerator<string> {
  yield `,\n  ${JSON.stringify(key)}: [`;
  signer.add(JSON.stringify(key));
  let first = true;
  for await (const page of pages) {
    let chunk = '';
    for (const row of page) {
      const entry = JSON.stringify(map(row));
      signer.add(entry);
      chunk += `${first ? '' : ','}\n    ${entry}`;
      first = false;
    }
    yield chunk;
  }
  yield first ? ']' : '\n  ]';
}
