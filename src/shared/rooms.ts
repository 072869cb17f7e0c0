// Focus together (issue #49): rooms where people lock in at one instant for one goal, each on an
// ordinary Lock-In session. One place for the limits, the rule that names a member's state and the
// room's result, the answer shapes and the words. Free of zod (the inputs are in rooms-input.ts).
import { APP_NAME } from './constants';

/** People in a room a free host opens; a Premium host's room holds more. Anyone signed in may join. */
export const ROOM_SIZE_FREE = 4;
export const ROOM_SIZE_PREMIUM = 25;
/** A room starts now or at a time within this many hours. */
export const ROOM_START_WITHIN_HOURS = 24;
/** A room (its page, invite and member list) is gone this long after it ends. */
export const ROOM_KEPT_HOURS = 24;
/** Rooms one host may have open (not yet ended) at once. */
export const ROOMS_OPEN_PER_HOST = 3;
/** The short code read aloud: no 0/O or 1/I to mix up; 32^6 ≈ 10^9 codes, tried a bounded number of times. */
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ROOM_CODE_LENGTH = 6;
/** How often each process starts rooms whose time has come and removes rooms past their keep time. */
export const ROOM_SWEEP_SECONDS = 2;

export const ROOM_PATHS = {
  room: (id: string) => `/rooms/${id}`,
  joinLink: (token: string) => `/join/${token}`,
} as const;

export type MemberState = 'waiting' | 'focusing' | 'gave_up' | 'finished';
export type RoomPhase = 'scheduled' | 'running' | 'ended';

/** What a member's own session says of them, at `now`: the only states others ever see. */
export function memberState(
  session: { status: string; endsAt: Date; endedAt: Date | null } | null,
  now: Date,
): { state: MemberState; gaveUpAt: Date | null } {
  if (!session) return { state: 'waiting', gaveUpAt: null };
  if (session.status === 'quit') return { state: 'gave_up', gaveUpAt: session.endedAt };
  if (session.status === 'completed' || session.endsAt <= now) return { state: 'finished', gaveUpAt: null };
  return { state: 'focusing', gaveUpAt: null };
}

export function roomPhase(room: { startsAt: Date; endsAt: Date }, now: Date): RoomPhase {
  if (now < room.startsAt) return 'scheduled';
  return now < room.endsAt ? 'running' : 'ended';
}

export type RoomResult =
  | { kind: 'strict'; outcome: 'on_track' | 'failed' | 'succeeded' }
  | { kind: 'kind'; finished: number; total: number };

/**
 * Strict: one give-up fails the room for everyone; at the end, it succeeded. Kind: how many of the
 * members finished (the total counts everyone in the room).
 */
export function roomResult(strict: boolean, phase: RoomPhase, states: readonly MemberState[]): RoomResult {
  if (strict) {
    if (states.includes('gave_up')) return { kind: 'strict', outcome: 'failed' };
    return { kind: 'strict', outcome: phase === 'ended' ? 'succeeded' : 'on_track' };
  }
  return { kind: 'kind', finished: states.filter((s) => s === 'finished').length, total: states.length };
}

/** How others see a member: first name and last initial, never an email. */
export function publicName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim();
  const initial = lastName?.trim()?.[0];
  if (!first) return initial ? `${initial.toUpperCase()}.` : ROOM_COPY.unnamed;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** What a room is for, the same in every answer that shows one. */
export interface RoomPlan {
  id: string;
  goalMinutes: number;
  strict: boolean;
  startsAt: string;
  endsAt: string;
}

export interface RoomMemberView {
  /** Opaque within this room (never a user id): what the host names to remove a member. */
  key: string;
  name: string;
  isHost: boolean;
  isYou: boolean;
  state: MemberState;
  /** When a member gave up (ISO); never why. */
  gaveUpAt: string | null;
  /** Only when that member chose to share it. */
  taskTitle: string | null;
}

export interface RoomView extends RoomPlan {
  phase: RoomPhase;
  result: RoomResult;
  capacity: number;
  members: RoomMemberView[];
  you: { isHost: boolean; taskTitle: string; category: string; shareTask: boolean; sessionId: string | null };
  /** The host's way to invite; null for other members and once revoked. */
  invite: { link: string; code: string } | null;
  serverNow: string;
}

/** What someone holding an invite sees before joining. */
export interface RoomPreview extends RoomPlan {
  phase: RoomPhase;
  capacity: number;
  members: { key: string; name: string; isHost: boolean }[];
  full: boolean;
  youAreIn: boolean;
}

/** A room in 'Your rooms' (those the user is in, until they are gone). */
export interface RoomSummary extends RoomPlan {
  phase: RoomPhase;
  members: number;
  isHost: boolean;
}

export const ROOM_MESSAGES = {
  notFound: 'That room does not exist any more, or you are not in it.',
  inviteInvalid: 'This invite is not valid any more: ask the host for a new one.',
  codeInvalid: 'No open room has that code. Check it with the host.',
  ended: 'This room has ended.',
  full: (capacity: number) =>
    capacity === ROOM_SIZE_FREE
      ? `This room is full (${capacity} people on the host's free plan).`
      : `This room is full (${capacity} people).`,
  startRange: `The start must be now or within the next ${ROOM_START_WITHIN_HOURS} hours.`,
  tooManyOpen: `You can host at most ${ROOMS_OPEN_PER_HOST} rooms at a time.`,
  sessionRunning: 'You have a Lock-In session running: end it first, then start with the room.',
  hostOnly: 'Only the host can do that.',
  hostCannotLeave: 'The host cannot leave the room.',
  memberNotFound: 'That person is not in this room.',
} as const;

export const ROOM_COPY = {
  unnamed: `A ${APP_NAME} member`,
  entry: 'Focus together',
  entryHint: 'Lock in at the same time as friends, and see each other keep going.',
  setupTitle: 'Focus together',
  setupDescription: "Open a room, share its link or code, and everyone's session starts at the same moment.",
  startLabel: 'Start',
  startNow: 'Now',
  startLater: 'At a time',
  startTimeLabel: 'Start time',
  strictnessLabel: 'If someone gives up',
  strict: 'Strict: the room fails for everyone',
  kind: 'Kind: the room shows how many made it',
  taskLabel: 'Your task',
  shareTask: 'Show my task title to the room',
  shareHint: 'Others always see your first name and last initial, and whether you are focusing.',
  create: 'Open Room',
  creating: 'Opening…',
  sizeNote: (capacity: number, premium: boolean) =>
    premium
      ? `Up to ${capacity} people.`
      : `Up to ${capacity} people on the free plan (${ROOM_SIZE_PREMIUM} with Premium).`,
  inviteTitle: 'Invite people',
  inviteLink: 'Invite link',
  copyLink: 'Copy link',
  linkCopied: { title: 'Link copied', description: 'Send it to the people you want to focus with.' },
  codeLabel: 'Room code',
  codeHint: 'Anyone signed in can join with this code while the room is open.',
  revoke: 'Revoke invite',
  revoked: { title: 'Invite revoked', description: 'The link and code no longer work. Everyone in the room stays.' },
  membersTitle: (n: number, capacity: number) => `In this room (${n} of ${capacity})`,
  you: 'You',
  host: 'Host',
  remove: (name: string) => `Remove ${name}`,
  removed: (name: string) => ({ title: 'Removed', description: `${name} is no longer in this room.` }),
  leave: 'Leave room',
  left: { title: 'You left the room', description: 'Your own session, if one runs, goes on.' },
  states: {
    waiting: 'Waiting',
    focusing: 'Focusing',
    gave_up: 'Gave up',
    finished: 'Finished',
  } satisfies Record<MemberState, string>,
  gaveUpAt: (time: string) => `Gave up at ${time}`,
  startsAt: (when: string) => `Starts ${when}`,
  startsIn: (countdown: string) => `Starts in ${countdown}`,
  running: (countdown: string) => `${countdown} left`,
  endedAt: (when: string) => `Ended ${when}`,
  goal: (minutes: number) => `${minutes}-minute room`,
  strictBadge: 'Strict',
  kindBadge: 'Kind',
  resultStrict: {
    on_track: 'Nobody has given up.',
    failed: 'Someone gave up, so the room failed.',
    succeeded: 'Everyone made it. The room succeeded!',
  },
  resultKind: (finished: number, total: number) => `${finished} of ${total} finished`,
  celebrate: 'You did it together!',
  startWithRoom: 'Start with the room',
  joinTitle: 'Join a room',
  joinCodeLabel: 'Room code',
  joinCodeHint: 'The six letters and digits the host read out.',
  findRoom: 'Find Room',
  join: 'Join Room',
  joining: 'Joining…',
  alreadyIn: 'You are in this room.',
  openRoom: 'Open the room',
  previewWho: 'Who is in it',
  yourRooms: 'Your rooms',
  noRooms: 'No rooms yet.',
  loadFailed: 'Failed to load the room.',
  failed: { title: 'Room Error', description: 'Something went wrong. Please try again.' },
} as const;
