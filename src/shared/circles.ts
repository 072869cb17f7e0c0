// Circles (issue #49): small groups of people who focus together regularly. One place for their
// limits, answer shapes and words. Others in a circle see what rooms show (first name and last
// initial), whether a member is focusing right now, and their minutes this week unless they hide
// them; never an email, a task, a quit reason or anything else.
import type { RoomPlan } from './rooms';
export const CIRCLES_FREE = { circles: 1, members: 5 } as const;
export const CIRCLES_PREMIUM = { circles: 5, members: 25 } as const;
export const CIRCLE_NAME_MAX_LENGTH = 60;

export const CIRCLE_PATHS = {
  list: '/circles',
  circle: (id: string) => `/circles/${id}`,
  joinLink: (token: string) => `/circles/join/${token}`,
} as const;

export interface CircleMemberView {
  /** Opaque within this circle (never a user id): what its creator names to remove a member. */
  key: string;
  name: string;
  isCreator: boolean;
  isYou: boolean;
  focusing: boolean;
  /** Focus minutes of sessions started this week (Monday to Sunday, in your time zone); null when hidden. */
  minutesThisWeek: number | null;
}

export interface CircleRoomView extends RoomPlan {
  hostName: string;
  members: number;
  youAreIn: boolean;
}

export interface CircleView {
  id: string;
  name: string;
  capacity: number;
  members: CircleMemberView[];
  you: { isCreator: boolean; hideMinutes: boolean };
  /** The creator's invite link; null for everyone else. */
  inviteLink: string | null;
  /** Rooms started for the circle that have not ended. */
  rooms: CircleRoomView[];
}

export interface CircleSummary {
  id: string;
  name: string;
  members: number;
  focusingNow: number;
  isCreator: boolean;
  /** Rooms of this circle not ended that you are not in: the app tells you of them. */
  roomsToJoin: CircleRoomView[];
}

export interface CirclePreview {
  id: string;
  name: string;
  members: { key: string; name: string; isCreator: boolean }[];
  capacity: number;
  full: boolean;
  youAreIn: boolean;
}

export const CIRCLE_MESSAGES = {
  notFound: 'That circle does not exist any more, or you are not in it.',
  inviteInvalid: 'This invite is not valid any more: ask for a new one.',
  tooMany: (limit: number) =>
    limit === CIRCLES_FREE.circles
      ? `The free plan keeps ${limit} circle. Upgrade to Premium for up to ${CIRCLES_PREMIUM.circles}.`
      : `You can keep at most ${limit} circles.`,
  full: (capacity: number) => `This circle is full (${capacity} people).`,
  creatorOnly: 'Only the person who made the circle can do that.',
  creatorLeaves: 'You made this circle: delete it instead of leaving.',
  memberNotFound: 'That person is not in this circle.',
} as const;

export const CIRCLE_COPY = {
  title: 'Circles',
  intro: 'The people you focus with regularly: see who is focusing now, and start a room together.',
  create: 'Create Circle',
  creating: 'Creating…',
  nameLabel: 'Circle name',
  namePlaceholder: 'Study buddies',
  sizeNote: (premium: boolean) =>
    premium
      ? `Up to ${CIRCLES_PREMIUM.circles} circles of up to ${CIRCLES_PREMIUM.members} people.`
      : `The free plan keeps ${CIRCLES_FREE.circles} circle of up to ${CIRCLES_FREE.members} people (${CIRCLES_PREMIUM.circles} of ${CIRCLES_PREMIUM.members} with Premium).`,
  none: 'No circles yet. Create one and share its link, or open a link someone sent you.',
  members: (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`,
  focusingNow: (n: number) => (n === 0 ? 'Nobody is focusing right now' : `${n} focusing now`),
  focusing: 'Focusing now',
  notFocusing: 'Not focusing',
  minutes: (n: number) => `${n} min this week`,
  hidden: 'Minutes hidden',
  hideMine: 'Hide my minutes this week from the circle',
  startRoom: 'Start a room',
  roomsTitle: 'Rooms now',
  joinRoom: 'Join',
  openRoom: 'Open',
  roomLine: (host: string, minutes: number, members: number) =>
    `${host}'s ${minutes}-minute room · ${members} ${members === 1 ? 'person' : 'people'}`,
  inviteTitle: 'Invite link',
  inviteHint: 'Anyone signed in who opens it can join this circle.',
  linkCopied: { title: 'Link copied', description: 'Send it to the people you focus with.' },
  remove: (name: string) => `Remove ${name}`,
  leave: 'Leave circle',
  delete: 'Delete circle',
  deleteAsk: (name: string) => `Delete ${name} for everyone in it?`,
  keep: 'Keep it',
  ofCapacity: (n: number, capacity: number) => `${n} of ${capacity} people`,
  left: { title: 'You left the circle', description: 'It no longer shows you, and you no longer see it.' },
  deleted: { title: 'Circle deleted', description: 'Its members were told nothing; it is simply gone.' },
  join: 'Join Circle',
  joinTitle: 'Join a circle',
  alreadyIn: 'You are in this circle.',
  open: 'Open the circle',
  roomStarted: (host: string, circle: string) => ({
    title: `${host} started a room in ${circle}`,
    body: 'Tap to join them.',
  }),
  banner: (host: string, circle: string) => `${host} started a room in ${circle}.`,
  failed: { title: 'Circle Error', description: 'Something went wrong. Please try again.' },
  loadFailed: 'Failed to load the circle.',
} as const;
