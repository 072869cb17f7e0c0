// The request thread's PGlite handle against a real PGlite in its worker: answers, transactions
// (commit, rollback, a failing COMMIT, one at a time, a last statement that commits, end hooks), errors with
// their fields, NOTIFY, closing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rejectionOf } from '../../../test/support/rejection';
import { openRemotePglite, type RemotePglite } from './pglite-remote';

let db: RemotePglite;

beforeAll(async () => {
  db = await openRemotePglite({});
  await db.query('create table items (id int primary key, label text)');
  await db.query('create table deferred (id int, constraint deferred_id unique (id) deferrable initially deferred)');
});
afterAll(() => db.close());

const count = async (table: string) =>
  Number(((await db.query(`select count(*)::int as n from ${table}`)).rows[0] as { n: number }).n);

describe('queries', () => {
  test('rows as objects or arrays, with parameters and the affected count', async () => {
    const inserted = await db.query('insert into items values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    expect(inserted.affectedRows).toBe(2);
    expect((await db.query('select id, label from items order by id')).rows).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
    ]);
    expect((await db.query('select id, label from items order by id', [], { rowMode: 'array' })).rows).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  test('a database error keeps its fields across the thread', async () => {
    const error = (await rejectionOf(db.query('insert into items values (1, $1)', ['again']))) as Record<
      string,
      unknown
    >;
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('items_pkey');
    expect(String(error.message)).toContain('duplicate key');
  });
});

test('a value that cannot cross the thread fails its own query only', async () => {
  const refused = db.query('select $1::text as v', [() => 'a function']);
  const beside = db.query('select $1::text as v', ['fine']);
  expect(String(await rejectionOf(refused))).toContain('DataCloneError');
  expect((await beside).rows).toEqual([{ v: 'fine' }]);
});

describe('transactions', () => {
  test('commit keeps the rows, a throwing callback rolls them back', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into items values (10, $1)', ['kept']);
    });
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        await tx.query('insert into items values (11, $1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    );
    expect(String(error)).toContain('changed my mind');
    expect((await db.query('select id from items where id >= 10 order by id')).rows).toEqual([{ id: 10 }]);
  });

  test('a failing COMMIT reaches the caller and nothing is kept', async () => {
    const before = await count('deferred');
    const error = (await rejectionOf(
      db.transaction(async (tx) => {
        await tx.query('insert into deferred values (1), (1)');
      }),
    )) as Record<string, unknown>;
    expect(error.code).toBe('23505');
    expect(await count('deferred')).toBe(before);
  });

  test('a failed statement fails the transaction, which rolls back as a whole', async () => {
    const error = (await rejectionOf(
      db.transaction(async (tx) => {
        await tx.query('insert into items values (20, $1)', ['first']);
        await tx.query('insert into items values (20, $1)', ['duplicate']);
      }),
    )) as Record<string, unknown>;
    expect(error.code).toBe('23505');
    expect((await db.query('select id from items where id = 20')).rows).toEqual([]);
  });

  test('transactions run one at a time, and a query outside waits for the open one', async () => {
    const order: string[] = [];
    const held = Promise.withResolvers<void>();
    const written = Promise.withResolvers<void>();
    const first = db.transaction(async (tx) => {
      await tx.query('insert into items values (30, $1)', ['first']);
      order.push('first wrote');
      // One more round trip: the worker has now taken in everything the others sent before it.
      await tx.query('select 1');
      written.resolve();
      await held.promise;
      order.push('first ends');
    });
    const second = db.transaction(async (tx) => {
      const rows = (await tx.query('select id from items where id = 30')).rows;
      order.push('second read');
      return rows;
    });
    const outside = db.query('select id from items where id = 30').then((result) => {
      order.push('outside read');
      return result.rows;
    });
    try {
      await written.promise;
      expect(order).toEqual(['first wrote']);
    } finally {
      held.resolve();
    }
    expect(await second).toEqual([{ id: 30 }]);
    expect(await outside).toEqual([{ id: 30 }]);
    await first;
    expect(order.slice(0, 2)).toEqual(['first wrote', 'first ends']);
  });
});

describe('a statement that commits its transaction', () => {
  test("answers once COMMIT has run: the commit's NOTIFY is already heard when it answers", async () => {
    const heard: string[] = [];
    const stop = await db.listen('commit_with_next', (payload) => heard.push(payload));
    let heardAtAnswer: string[] = [];
    await db.transaction(async (tx) => {
      await tx.query('insert into items values (40, $1)', ['before']);
      tx.commitWithNext();
      await tx.query("select pg_notify('commit_with_next', 'committed')");
      heardAtAnswer = [...heard];
    });
    await stop();
    expect(heardAtAnswer).toEqual(['committed']);
    expect((await db.query('select label from items where id = 40')).rows).toEqual([{ label: 'before' }]);
  });

  test('no statement may follow it; what it committed stays even when the callback throws after it', async () => {
    let refused: unknown;
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        tx.commitWithNext();
        await tx.query('insert into items values (41, $1)', ['kept']);
        refused = await rejectionOf(tx.query('select 1'));
        throw new Error('too late to roll back');
      }),
    );
    expect(String(error)).toContain('too late to roll back');
    expect(String(refused)).toContain('no statement may follow');
    expect((await db.query('select label from items where id = 41')).rows).toEqual([{ label: 'kept' }]);
    // The worker holds nothing open: a transaction and a query outside run as before.
    await db.transaction(async (tx) => {
      await tx.query('insert into items values (42, $1)', ['next']);
    });
    expect(await count('items')).toBeGreaterThan(0);
  });

  test('when it fails, the transaction rolls back as a whole', async () => {
    const error = (await rejectionOf(
      db.transaction(async (tx) => {
        await tx.query('insert into items values (43, $1)', ['first']);
        tx.commitWithNext();
        await tx.query('insert into items values (43, $1)', ['duplicate']);
      }),
    )) as Record<string, unknown>;
    expect(error.code).toBe('23505');
    expect((await db.query('select id from items where id = 43')).rows).toEqual([]);
  });

  test('a failing COMMIT reaches the statement that carried it, and nothing is kept', async () => {
    const before = await count('deferred');
    const error = (await rejectionOf(
      db.transaction(async (tx) => {
        tx.commitWithNext();
        await tx.query('insert into deferred values (2), (2)');
      }),
    )) as Record<string, unknown>;
    expect(error.code).toBe('23505');
    expect(await count('deferred')).toBe(before);
  });
});

describe("a transaction's end hook", () => {
  // A commit's NOTIFY is heard before the answer that reports the commit: a hook that has heard
  // its transaction's NOTIFY ran after the commit.
  let heard: string[] = [];
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    stop = await db.listen('end_hook', (payload) => heard.push(payload));
  });
  afterAll(() => stop());
  const notify = (payload: string) => `select pg_notify('end_hook', '${payload}')`;

  test('runs once the transaction has committed, by COMMIT or by a committing statement', async () => {
    heard = [];
    const heardByHook: string[][] = [];
    const order: string[] = [];
    await db.transaction(async (tx) => {
      tx.whenEnded(() => heardByHook.push([...heard]));
      tx.whenEnded(() => order.push('hook'));
      await tx.query(notify('first'));
      order.push('callback done');
    });
    order.push('answered');
    await db.transaction(async (tx) => {
      tx.whenEnded(() => heardByHook.push([...heard]));
      tx.commitWithNext();
      await tx.query(notify('second'));
    });
    expect(order).toEqual(['callback done', 'hook', 'answered']);
    expect(heardByHook).toEqual([['first'], ['first', 'second']]);
  });

  test('runs once a rollback has run, and at once when given after the end', async () => {
    let ran = 0;
    let late: (run: () => void) => void = () => {};
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        tx.whenEnded(() => ran++);
        late = (run) => tx.whenEnded(run);
        await tx.query('insert into items values (52, $1)', ['undone']);
        throw new Error('undo');
      }),
    );
    expect(String(error)).toContain('undo');
    expect(ran).toBe(1);
    expect((await db.query('select id from items where id = 52')).rows).toEqual([]);
    late(() => ran++);
    expect(ran).toBe(2);
  });

  test('waits for a committing statement the callback threw before it answered', async () => {
    heard = [];
    let heardByHook: string[] = [];
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        tx.whenEnded(() => {
          heardByHook = [...heard];
        });
        tx.commitWithNext();
        void tx.query(notify('committed'));
        throw new Error('left before the answer');
      }),
    );
    expect(String(error)).toContain('left before the answer');
    expect(heardByHook).toEqual(['committed']);
  });
});

test('NOTIFY reaches the listener, no later than the committing query answers', async () => {
  const payloads: string[] = [];
  const stop = await db.listen('remote_test', (payload) => payloads.push(payload));
  await db.query("select pg_notify('remote_test', 'hello')");
  expect(payloads).toEqual(['hello']);
  await stop();
  await db.query("select pg_notify('remote_test', 'unheard')");
  expect(payloads).toEqual(['hello']);
});

test("PGlite runs with LockIn's memory settings (8 MB of buffers, 4 connection slots)", async () => {
  const setting = async (name: string) => ((await db.query(`show ${name}`)).rows[0] as Record<string, string>)[name];
  expect(await setting('shared_buffers')).toBe('8MB');
  expect(await setting('max_connections')).toBe('4');
});

test('a closed database refuses queries', async () => {
  const other = await openRemotePglite({});
  expect((await other.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  await other.close();
  expect(String(await rejectionOf(other.query('select 1')))).toContain('The database is closed');
});
