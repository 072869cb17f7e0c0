// What one side of the PGlite worker sends in a turn goes as one message, in order; the worker
// gathers its answers until its event loop comes round, or a list is full.
import { describe, expect, test } from 'bun:test';
import { Outbox } from './pglite-protocol';

/** An outbox of numbers and the lists it has posted. */
function recorded(gatherUpTo?: number) {
  const posted: number[][] = [];
  const outbox = new Outbox<number>(
    (batch) => posted.push(batch),
    () => undefined,
    gatherUpTo,
  );
  return { outbox, posted };
}

const loopComesRound = () => new Promise((resolve) => setImmediate(resolve));

test('messages sent in one turn are posted together, in order, once that turn is done', async () => {
  const { outbox, posted } = recorded();
  outbox.send(1);
  outbox.send(2);
  outbox.send(3);
  expect(posted).toEqual([]);
  await Promise.resolve();
  expect(posted).toEqual([[1, 2, 3]]);
});

test('a later turn posts a list of its own; an idle outbox posts nothing', async () => {
  const posted: string[][] = [];
  const outbox = new Outbox<string>(
    (batch) => posted.push(batch),
    () => undefined,
  );
  outbox.send('begin');
  await Bun.sleep(0);
  await Bun.sleep(0);
  outbox.send('commit');
  await Bun.sleep(0);
  expect(posted).toEqual([['begin'], ['commit']]);
});

test('a message that cannot be posted fails alone; the others of its turn still go', async () => {
  const posted: string[][] = [];
  const unsent: string[] = [];
  const outbox = new Outbox<string>(
    (batch) => {
      if (batch.includes('poison')) throw new Error('DataCloneError');
      posted.push(batch);
    },
    (message) => unsent.push(message),
  );
  outbox.send('first');
  outbox.send('poison');
  outbox.send('last');
  await Promise.resolve();
  expect(posted).toEqual([['first'], ['last']]);
  expect(unsent).toEqual(['poison']);
});

describe("gathering (the worker's answers)", () => {
  test('what several turns send before the event loop comes round goes as one list', async () => {
    const { outbox, posted } = recorded(10);
    outbox.send(1);
    await Promise.resolve();
    outbox.send(2);
    await Promise.resolve();
    expect(posted).toEqual([]);
    await loopComesRound();
    expect(posted).toEqual([[1, 2]]);
    outbox.send(3);
    await loopComesRound();
    expect(posted).toEqual([[1, 2], [3]]);
  });

  test('a full list leaves at once; the rest follow when the loop comes round', async () => {
    const { outbox, posted } = recorded(2);
    outbox.send(1);
    outbox.send(2);
    expect(posted).toEqual([[1, 2]]);
    outbox.send(3);
    expect(posted).toEqual([[1, 2]]);
    await loopComesRound();
    expect(posted).toEqual([[1, 2], [3]]);
  });
});
