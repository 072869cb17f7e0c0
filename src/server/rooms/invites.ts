// Invitations to a room or a circle. The link carries `<room id>.<tag>`, the tag an HMAC-SHA256 (132 bits kept)
// over the room and its invite version under a server secret: nothing to store, the host can be
// shown it again, and revoking (a new version) ends every link at once. The short code is random,
// unique among rooms, and only works while its room is open; guesses are rate-limited.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CIRCLE_PATHS } from '../../shared/circles';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, ROOM_PATHS } from '../../shared/rooms';
import { serverSecret } from '../db/secrets';
import type { AppDeps } from '../deps';

const SECRET_ID = 'room-invites';
/** base64url characters of the HMAC kept: 22 × 6 = 132 bits. */
const TAG_LENGTH = 22;

/** What an invite opens: a room, or a circle (a circle's tag never opens a room of the same id). */
export type InviteKind = 'room' | 'circle';

async function tagOf(deps: Pick<AppDeps, 'db'>, kind: InviteKind, id: string, version: number): Promise<string> {
  const key = await serverSecret(deps.db, SECRET_ID);
  const signed = kind === 'room' ? `${id}:${version}` : `circle:${id}:${version}`;
  return createHmac('sha256', key).update(signed).digest('base64url').slice(0, TAG_LENGTH);
}

export async function inviteToken(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  version: number,
  kind: InviteKind = 'room',
): Promise<string> {
  return `${id}.${await tagOf(deps, kind, id, version)}`;
}

export function inviteLink(appUrl: string, token: string, kind: InviteKind = 'room'): string {
  const path = kind === 'room' ? ROOM_PATHS.joinLink(token) : CIRCLE_PATHS.joinLink(token);
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}

/** The id a token names, before its tag is checked (checkInviteTag). */
export function idOfToken(token: string): { id: string; tag: string } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{1,64})$/.exec(token);
  return match?.[1] && match[2] ? { id: match[1], tag: match[2] } : null;
}

/** True when `tag` is the room's (or circle's) current one (compared in constant time). */
export async function checkInviteTag(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  version: number,
  tag: string,
  kind: InviteKind = 'room',
): Promise<boolean> {
  const expected = Buffer.from(await tagOf(deps, kind, id, version));
  const given = Buffer.from(tag);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function newRoomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ROOM_CODE_LENGTH));
  // 256 is a multiple of the alphabet's 32 letters: every letter equally likely.
  return [...bytes].map((b) => ROOM_CODE_ALPHABET[b % ROOM_CODE_ALPHABET.length]).join('');
}
