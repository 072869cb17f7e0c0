// The blocked-sites list and the extensions connected to an account (issue #42). The list is the
// user's, on the server, so every browser shares it; each extension has a credential of its own
// (only its SHA-256 is kept, as the session's), which disconnecting, 'Sign out of all other
// devices' or deleting the account ends at the extension's next check.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  BLOCKED_SITES_MAX,
  BLOCKING_MESSAGES,
  blockingOnPlan,
  type BlockingSettings,
  type BlockMode,
  type ConnectedBrowser,
  EXTENSION_CHECK_SECONDS,
  EXTENSIONS_PER_USER,
  type ExtensionState,
  FREE_BLOCKED_SITES_LIMIT,
  normalizeSite,
} from '../../shared/blocking';
import { hashToken } from '../accounts/sessions';
import { blockedSites, extensionTokens, users } from '../db/schema';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { findRunning } from '../lockin/lockin.service';
import { isPremium, type PlanUser } from '../plans/plan-status';

type BlockingUser = PlanUser & { timeZone?: string };

async function limitFor(deps: AppDeps, user: BlockingUser): Promise<number | null> {
  return (await isPremium(deps, user)) ? null : FREE_BLOCKED_SITES_LIMIT;
}

async function modeOf(deps: AppDeps, userId: string): Promise<BlockMode> {
  const [row] = await deps.db.select({ mode: users.siteBlockMode }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.mode === 'allow_only' ? 'allow_only' : 'block_listed';
}

/** The list in the order it was added: the free plan enforces its first sites (blockingOnPlan). */
async function sitesInAddedOrder(deps: Pick<AppDeps, 'db'>, userId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ domain: blockedSites.domain })
    .from(blockedSites)
    .where(eq(blockedSites.userId, userId))
    .orderBy(asc(blockedSites.createdAt), asc(blockedSites.domain));
  return rows.map((r) => r.domain);
}

const aToZ = (sites: string[]) => [...sites].sort();

async function browsersOf(deps: AppDeps, userId: string): Promise<ConnectedBrowser[]> {
  const rows = await deps.db
    .select({
      id: extensionTokens.id,
      name: extensionTokens.name,
      createdAt: extensionTokens.createdAt,
      lastUsedAt: extensionTokens.lastUsedAt,
    })
    .from(extensionTokens)
    .where(eq(extensionTokens.userId, userId))
    .orderBy(asc(extensionTokens.createdAt));
  return rows.map((b) => ({
    ...b,
    createdAt: b.createdAt.toISOString(),
    lastUsedAt: b.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function getBlocking(deps: AppDeps, user: BlockingUser): Promise<BlockingSettings> {
  const mode = await modeOf(deps, user.id);
  const sites = await sitesInAddedOrder(deps, user.id);
  const limit = await limitFor(deps, user);
  const enforced = blockingOnPlan(sites, mode, limit === null);
  return {
    mode,
    sites: aToZ(sites),
    limit,
    enforced: { mode: enforced.mode, paused: aToZ(enforced.paused) },
    browsers: await browsersOf(deps, user.id),
  };
}

/** What the data export holds of site blocking: the list, the mode and the browsers (their ids stay here). */
export async function blockingForExport(deps: AppDeps, userId: string) {
  return {
    mode: await modeOf(deps, userId),
    sites: aToZ(await sitesInAddedOrder(deps, userId)),
    connectedBrowsers: (await browsersOf(deps, userId)).map(({ id: _, ...browser }) => browser),
  };
}

/** One user's additions one at a time, so two cannot both pass the plan's count. */
async function lockListOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export interface BlockingImported {
  added: number;
  /** Already on the list. */
  skipped: number;
  /** No room on the importing plan's list. */
  overLimit: number;
  /** 'allow only' in the file, not taken on the free plan. */
  allowOnlyNotImported: boolean;
}

/**
 * A data file's list and mode, merged into the account in the import's transaction: sites the
 * list lacks are added while the plan has room (in the file's order), and the file's 'allow only'
 * is taken on Premium. A file's 'block these sites' leaves the account's mode as it is.
 */
export async function importBlockedSites(
  tx: Tx,
  userId: string,
  file: { mode: BlockMode; sites: string[] } | undefined,
  premium: boolean,
): Promise<BlockingImported> {
  if (!file) return { added: 0, skipped: 0, overLimit: 0, allowOnlyNotImported: false };
  const wanted = [...new Set(file.sites.map((site) => normalizeSite(site)).filter((d): d is string => d !== null))];
  await lockListOwner(tx, userId);
  const held = new Set(
    (await tx.select({ domain: blockedSites.domain }).from(blockedSites).where(eq(blockedSites.userId, userId))).map(
      (r) => r.domain,
    ),
  );
  const fresh = wanted.filter((domain) => !held.has(domain));
  const room = Math.max(0, (premium ? BLOCKED_SITES_MAX : FREE_BLOCKED_SITES_LIMIT) - held.size);
  const taken = fresh.slice(0, room);
  if (taken.length > 0) await tx.insert(blockedSites).values(taken.map((domain) => ({ userId, domain })));
  const allowOnly = file.mode === 'allow_only';
  if (allowOnly && premium) await tx.update(users).set({ siteBlockMode: 'allow_only' }).where(eq(users.id, userId));
  return {
    added: taken.length,
    skipped: wanted.length - fresh.length,
    overLimit: fresh.length - taken.length,
    allowOnlyNotImported: allowOnly && !premium,
  };
}

/** Adds entries (one site, or a preset), normalised; all or nothing, within the plan's limit. */
export async function addBlockedSites(deps: AppDeps, user: BlockingUser, entries: string[]): Promise<BlockingSettings> {
  const domains = new Set<string>();
  for (const entry of entries) {
    const domain = normalizeSite(entry);
    if (!domain) throw new AppError('BAD_REQUEST', BLOCKING_MESSAGES.notADomain(entry));
    domains.add(domain);
  }
  const limit = (await limitFor(deps, user)) ?? BLOCKED_SITES_MAX;
  await deps.db.transaction(async (tx) => {
    await lockListOwner(tx, user.id);
    const have = await tx
      .select({ domain: blockedSites.domain })
      .from(blockedSites)
      .where(and(eq(blockedSites.userId, user.id), inArray(blockedSites.domain, [...domains])));
    const [held] = await tx.select({ n: count() }).from(blockedSites).where(eq(blockedSites.userId, user.id));
    const adding = domains.size - have.length;
    if ((held?.n ?? 0) + adding > limit)
      throw new AppError(
        'LIMIT_REACHED',
        limit === FREE_BLOCKED_SITES_LIMIT ? BLOCKING_MESSAGES.freeLimit : BLOCKING_MESSAGES.maxReached,
      );
    await tx
      .insert(blockedSites)
      .values([...domains].map((domain) => ({ userId: user.id, domain })))
      .onConflictDoNothing();
  });
  return getBlocking(deps, user);
}

export async function removeBlockedSite(deps: AppDeps, user: BlockingUser, entry: string): Promise<BlockingSettings> {
  const domain = normalizeSite(entry) ?? entry.trim().toLowerCase();
  await deps.db.delete(blockedSites).where(and(eq(blockedSites.userId, user.id), eq(blockedSites.domain, domain)));
  return getBlocking(deps, user);
}

export async function setBlockMode(deps: AppDeps, user: BlockingUser, mode: BlockMode): Promise<BlockingSettings> {
  if (mode === 'allow_only' && !(await isPremium(deps, user)))
    throw new AppError('FORBIDDEN', BLOCKING_MESSAGES.allowOnlyPremium);
  await deps.db.update(users).set({ siteBlockMode: mode }).where(eq(users.id, user.id));
  return getBlocking(deps, user);
}

/** A new credential for one browser's extension: answered once, kept only as its hash. */
export async function connectExtension(
  deps: AppDeps,
  user: BlockingUser,
  name: string,
): Promise<{ id: string; token: string }> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  const id = crypto.randomUUID();
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx.select({ n: count() }).from(extensionTokens).where(eq(extensionTokens.userId, user.id));
    if ((held?.n ?? 0) >= EXTENSIONS_PER_USER) throw new AppError('LIMIT_REACHED', BLOCKING_MESSAGES.tooManyBrowsers);
    await tx
      .insert(extensionTokens)
      .values({ id, userId: user.id, tokenHash: hashToken(token), name, createdAt: deps.clock.now() });
  });
  return { id, token };
}

export async function disconnectExtension(deps: AppDeps, user: BlockingUser, id: string): Promise<BlockingSettings> {
  const gone = await deps.db
    .delete(extensionTokens)
    .where(and(eq(extensionTokens.id, id), eq(extensionTokens.userId, user.id)))
    .returning({ id: extensionTokens.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', BLOCKING_MESSAGES.browserNotFound);
  return getBlocking(deps, user);
}

/** Writes the last use at most this often: a check every minute is not a write every minute. */
const LAST_USED_EVERY_MS = 60 * 60_000;

/**
 * The extension's check: whether a session runs and what to block. Answers null when the
 * credential is unknown (disconnected, signed out everywhere, account deleted).
 */
export async function extensionState(deps: AppDeps, token: string): Promise<ExtensionState | null> {
  if (token.length > 100) return null;
  const [row] = await deps.db
    .select({ id: extensionTokens.id, userId: extensionTokens.userId, lastUsedAt: extensionTokens.lastUsedAt })
    .from(extensionTokens)
    .where(eq(extensionTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const now = deps.clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
    await deps.db.update(extensionTokens).set({ lastUsedAt: now }).where(eq(extensionTokens.id, row.id));
  // What the plan allows now: a Premium plan that ended keeps its list, but not its enforcement.
  const enforced = blockingOnPlan(
    await sitesInAddedOrder(deps, row.userId),
    await modeOf(deps, row.userId),
    await isPremium(deps, { id: row.userId }),
  );
  return {
    serverNow: now.toISOString(),
    mode: enforced.mode,
    sites: aToZ(enforced.sites),
    session: await runningSession(deps, row.userId, now),
    checkAfterSeconds: EXTENSION_CHECK_SECONDS,
  };
}

/** The user's running session, while its countdown has time left (past it, nothing is blocked). */
async function runningSession(deps: AppDeps, userId: string, now: Date): Promise<ExtensionState['session']> {
  const row = await findRunning(deps.db, userId);
  if (!row || row.endsAt <= now) return null;
  return {
    id: row.id,
    taskTitle: row.taskTitle,
    goalText: row.goalText,
    goalMinutes: row.goalMinutes,
    endsAt: row.endsAt.toISOString(),
  };
}
