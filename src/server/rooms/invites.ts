// A room's invitations. The link carries `<room id>.<tag>`, the tag an HMAC-SHA256 (132 bits kept)
// over the room and its invite version under a server secret: nothing to store, the host can be
// shown it again, and revoking (a new version) ends every link at once. The short code is random,
// unique among rooms, and only works while its room is open; guesses are rate-limited.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, ROOM_PATHS } from '../../shared/rooms';
import { serverSecret } from '../db/secrets';
import type { AppDeps } from '../deps';

const SECRET_ID = 'room-invites';
/** base64url characters of the HMAC kept: 22 × 6 = 132 bits. */
const TAG_LENGTH = 22;

async function tagOf(deps: Pick<AppDeps, 'db'>, roomId: string, version: number): Promise<string> {
  const key = await serverSecret(deps.db, SECRET_ID);
  const mac = createHmac('sha256', key).update(`${roomId}:${version}`).digest('base64url');
  return mac.slice(0, TAG_LENGTH);
}

export async function inviteToken(deps: Pick<AppDeps, 'db'>, roomId: string, version: number): Promise<string> {
  return `${roomId}.${await tagOf(deps, roomId, version)}`;
}

export function inviteLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${ROOM_PATHS.joinLink(token)}`;
}

/** The room id a token names, before its tag is checked (checkInviteTag). */
export function roomOfToken(token: string): { roomId: string; tag: string } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{1,64})$/.exec(token);
  return match?.[1] && match[2] ? { roomId: match[1], tag: match[2] } : null;
}

/** True when `tag` is the room's current one (compared in constant time). */
export async function checkInviteTag(
  deps: Pick<AppDeps, 'db'>,
  roomId: string,
  version: number,
  tag: string,
): Promise<boolean> {
  const expected = Buffer.from(await tagOf(deps, roomId, version));
  const given = Buffer.from(tag);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function newRoomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ROOM_CODE_LENGTH));
  // 256 is a multiple of the alphabet's 32 letters: every letter equally likely.
  return [...bytes].map((b) => ROOM_CODE_ALPHABET[b % ROOM_CODE_ALPHABET.length]).join('');
}
