// Sync stamps: the server's clock reading in an answer, signed for one device (a sign-in session).
// A Lock-In session run offline sends back the stamp of the device's last answer; its start may not
// come before it, so an offline session can only fill time after the device last heard from us.
//
// Only the device's latest stamps count (docs/decisions/2026-11-28-offline-stamp.md): each device
// has a sync window, opened when it asks for a stamp SYNC_WINDOW_MS or more after the current one
// opened. A stamp from the current window is good; one from the window before is good only for a
// session that started before the current window opened (the device was offline, reconnected, and
// replays). Anything older is refused, so a store of old stamps cannot back-fill past days.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OFFLINE_SYNC_MAX_AGE_DAYS, SYNC_WINDOW_MS } from '../../shared/constants';
import type { Session } from '../accounts/sessions';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { serverSecret } from '../db/secrets';

const SECRET_ID = 'sync-stamp';
const MAX_AGE_MS = OFFLINE_SYNC_MAX_AGE_DAYS * 24 * 60 * 60_000;

export type Device = Pick<Session, 'id' | 'userId' | 'syncWindowAt' | 'previousSyncWindowAt'>;

function sign(secret: string, device: Device, ms: number): string {
  return createHmac('sha256', secret).update(`${device.userId}.${device.id}.${ms}`).digest('base64url');
}

/**
 * A stamp for `now`. Opening a new window is a write, at most once per SYNC_WINDOW_MS per device
 * (like the session's sliding expiry); every other stamp only signs.
 */
export async function issueSyncStamp(db: Db, device: Device, now: Date): Promise<string> {
  const ms = now.getTime();
  if (!device.syncWindowAt || ms - device.syncWindowAt.getTime() >= SYNC_WINDOW_MS) {
    await db
      .update(sessions)
      .set({ syncWindowAt: now, previousSyncWindowAt: device.syncWindowAt })
      .where(eq(sessions.id, device.id));
  }
  return `${ms}.${sign(await serverSecret(db, SECRET_ID), device, ms)}`;
}

export type StampCheck = { at: Date } | { refused: 'invalid' | 'superseded' };

/**
 * The time a stamp vouches for a session starting at `startMs`, or why it does not: forged, another
 * device's, in the future or too old ('invalid'), or replaced by a newer window ('superseded').
 */
export async function readSyncStamp(
  db: Db,
  device: Device,
  stamp: string,
  startMs: number,
  now: Date,
): Promise<StampCheck> {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(stamp);
  if (!match?.[1] || !match[2]) return { refused: 'invalid' };
  const ms = Number(match[1]);
  // The cheap check first: a stamp out of range is refused before any signing.
  if (ms > now.getTime() || ms < now.getTime() - MAX_AGE_MS) return { refused: 'invalid' };
  const expected = Buffer.from(sign(await serverSecret(db, SECRET_ID), device, ms));
  const given = Buffer.from(match[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'invalid' };
  const current = device.syncWindowAt?.getTime() ?? 0;
  const previous = device.previousSyncWindowAt?.getTime() ?? 0;
  const fromCurrent = ms >= current;
  const fromPrevious = ms >= previous && startMs < current;
  return fromCurrent || fromPrevious ? { at: new Date(ms) } : { refused: 'superseded' };
}
