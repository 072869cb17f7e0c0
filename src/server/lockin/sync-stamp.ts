// Sync stamps: the server's clock reading in an answer, signed for one user. A Lock-In session run
// offline sends back the stamp of the client's last answer; its start may not come before it, so
// an offline session can only fill time after the client last heard from us, never backfill.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { OFFLINE_SYNC_MAX_AGE_DAYS } from '../../shared/constants';
import type { Db } from '../db/client';
import { serverSecret } from '../db/secrets';

const SECRET_ID = 'sync-stamp';
const MAX_AGE_MS = OFFLINE_SYNC_MAX_AGE_DAYS * 24 * 60 * 60_000;

function sign(secret: string, userId: string, ms: number): string {
  return createHmac('sha256', secret).update(`${userId}.${ms}`).digest('base64url');
}

export async function issueSyncStamp(db: Db, userId: string, now: Date): Promise<string> {
  const ms = now.getTime();
  return `${ms}.${sign(await serverSecret(db, SECRET_ID), userId, ms)}`;
}

/** The time a stamp vouches for, or null when it is forged, another user's, in the future or too old. */
export async function readSyncStamp(db: Db, userId: string, stamp: string, now: Date): Promise<Date | null> {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(stamp);
  if (!match?.[1] || !match[2]) return null;
  const ms = Number(match[1]);
  // The cheap check first: a stamp out of range is refused before any signing.
  if (ms > now.getTime() || ms < now.getTime() - MAX_AGE_MS) return null;
  const expected = Buffer.from(sign(await serverSecret(db, SECRET_ID), userId, ms));
  const given = Buffer.from(match[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return new Date(ms);
}
