import { describe, expect, test } from 'bun:test';
import {
  initialLockInState,
  type LockInEvent,
  type LockInState,
  lockInReducer,
  type RunningState,
} from './session-machine';

const run = (events: LockInEvent[], from: LockInState = initialLockInState) => events.reduce(lockInReducer, from);

const session = (id = 's1', extra: Partial<RunningState> = {}): RunningState => ({
  id,
  startMs: 0,
  endsAtMs: 25 * 60_000,
  goalMinutes: 25,
  taskTitle: 'Focus Session',
  goalText: null,
  local: false,
  unrecorded: false,
  ...extra,
});
const task = { id: 't1', title: 'Essay', category: 'School' };

describe('setup → commitment → active', () => {
  test('opening starts at setup for the task; continue, back and close move as the modal does', () => {
    const opened = run([{ type: 'open', task }]);
    expect(opened).toMatchObject({ modalOpen: true, step: 'setup', task });
    expect(run([{ type: 'continue' }], opened).step).toBe('commitment');
    expect(run([{ type: 'continue' }, { type: 'back' }], opened).step).toBe('setup');
    // 'back' outside the commitment step and 'continue' outside setup change nothing.
    expect(run([{ type: 'back' }], opened).step).toBe('setup');
    const closed = run([{ type: 'goalText', goalText: 'draft' }, { type: 'close' }], opened);
    expect(closed).toMatchObject({ modalOpen: false, step: 'setup', task: null, goalText: '' });
  });

  test('the chosen length survives closing; the goal and task do not', () => {
    const state = run([
      { type: 'open' },
      { type: 'minutes', minutes: 45 },
      { type: 'goalText', goalText: 'x' },
      { type: 'close' },
    ]);
    expect(state.minutes).toBe(45);
    expect(run([{ type: 'open' }], state)).toMatchObject({ minutes: 45, goalText: '', task: null });
  });

  test('a session that began shows as active, with its offset, and remembers its setup for "Start Another"', () => {
    const state = run([
      { type: 'open', task },
      { type: 'goalText', goalText: 'Outline' },
      { type: 'continue' },
      { type: 'began', running: session(), offsetMs: 1500 },
    ]);
    expect(state).toMatchObject({ step: 'active', modalOpen: true, offsetMs: 1500, running: { id: 's1' } });
    expect(state.lastSetup).toEqual({ goalText: 'Outline', task });
  });

  test('opening while a session runs shows it, whatever task was asked for', () => {
    const state = run([{ type: 'began', running: session() }, { type: 'close' }, { type: 'open', task }]);
    expect(state).toMatchObject({ step: 'active', modalOpen: true, task: null });
  });
});

describe('another device', () => {
  test('a refused start offers to resume the running session; resuming makes it this page’s', () => {
    const offered = run([{ type: 'open' }, { type: 'conflict', conflict: session('other'), offsetMs: -200 }]);
    expect(offered).toMatchObject({ step: 'resume', conflict: { id: 'other' }, running: null, offsetMs: -200 });
    const resumed = run([{ type: 'resume' }], offered);
    expect(resumed).toMatchObject({ step: 'active', running: { id: 'other' }, conflict: null });
    // Without an offer, 'resume' is nothing.
    expect(run([{ type: 'resume' }])).toEqual(initialLockInState);
  });

  test('a session found on the server opens the modal on it once; the same one again changes nothing', () => {
    const found = run([{ type: 'found', running: session('s9'), offsetMs: 300 }]);
    expect(found).toMatchObject({ modalOpen: true, step: 'active', running: { id: 's9' }, offsetMs: 300 });
    const closed = run([{ type: 'close' }], found);
    expect(run([{ type: 'found', running: session('s9'), offsetMs: 999 }], closed)).toBe(closed);
  });

  test("a room's session found on the server is kept without taking the screen (the room's page shows it)", () => {
    const found = run([{ type: 'found', running: session('r1', { roomId: 'room-1' }), offsetMs: 0 }]);
    expect(found).toMatchObject({ modalOpen: false, step: 'active', running: { id: 'r1', roomId: 'room-1' } });
    expect(run([{ type: 'open' }], found)).toMatchObject({ modalOpen: true, step: 'active' });
  });

  test('ended elsewhere: a server session stops showing; a visitor’s, an unrecorded or an offline one is kept', () => {
    const server = run([{ type: 'began', running: session() }, { type: 'askQuit' }, { type: 'endedElsewhere' }]);
    expect(server).toMatchObject({ running: null, modalOpen: false, quitOpen: false, step: 'setup' });
    const offline = session('o', { offline: { syncStamp: '1.x' } });
    for (const kept of [session('v', { local: true }), session('u', { unrecorded: true }), offline]) {
      const state = run([{ type: 'began', running: kept }]);
      expect(run([{ type: 'endedElsewhere' }], state)).toBe(state);
    }
  });
});

describe('ending', () => {
  test('quit: asked, kept going, asked again, ended; no celebration', () => {
    const state = run([{ type: 'began', running: session() }, { type: 'askQuit' }]);
    expect(state.quitOpen).toBe(true);
    expect(run([{ type: 'keepGoing' }], state)).toMatchObject({ quitOpen: false, running: { id: 's1' } });
    const ended = run([{ type: 'ended' }], state);
    expect(ended).toMatchObject({ running: null, quitOpen: false, modalOpen: false, celebration: null });
    // Nothing to quit without a session.
    expect(run([{ type: 'askQuit' }]).quitOpen).toBe(false);
  });

  test('completed: the celebration, then "Start Another" goes straight to commitment with the last goal and task', () => {
    const celebrated = run([
      { type: 'open', task },
      { type: 'goalText', goalText: 'Outline' },
      { type: 'began', running: session() },
      { type: 'ended' },
      { type: 'celebrate', celebration: { minutes: 25, message: 'Well done', streak: 3 } },
    ]);
    expect(celebrated).toMatchObject({ running: null, modalOpen: false, celebration: { streak: 3 } });
    const again = run([{ type: 'startAnother' }], celebrated);
    expect(again).toMatchObject({ celebration: null, modalOpen: true, step: 'commitment', goalText: 'Outline', task });
  });

  test('an answer sent before the end was recorded does not bring the ended session back; a new one still shows', () => {
    const ended = run([{ type: 'began', running: session('s1') }, { type: 'ended' }]);
    expect(run([{ type: 'found', running: session('s1'), offsetMs: 0 }], ended)).toBe(ended);
    const celebrated = run([{ type: 'celebrate', celebration: { minutes: 5, message: 'ok', streak: 1 } }], ended);
    expect(run([{ type: 'found', running: session('s1'), offsetMs: 0 }], celebrated)).toBe(celebrated);
    // Started on another device afterwards: shown as any found session is.
    expect(run([{ type: 'found', running: session('s2'), offsetMs: 0 }], ended)).toMatchObject({
      running: { id: 's2' },
      modalOpen: true,
      step: 'active',
    });
  });

  test('"View Stats" closes the celebration and opens Focus Stats', () => {
    const state = run([
      { type: 'celebrate', celebration: { minutes: 5, message: 'ok', streak: 1 } },
      { type: 'openStats' },
    ]);
    expect(state).toMatchObject({ celebration: null, statsOpen: true });
    expect(run([{ type: 'closeStats' }], state).statsOpen).toBe(false);
  });
});
