// 'Your data' over HTTP: the export holds exactly the user's data and no secret, CSV survives a
// real CSV parser, an export imported into a fresh account reproduces it, every import refusal,
// and account deletion leaves no row of the user in any table (PGlite, and PostgreSQL with
// TEST_DATABASE_URL).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { hashToken } from '../../src/server/accounts/sessions';
import { DATA_RATE_LIMITS } from '../../src/server/data/data.routes';
import { SESSION_CSV_COLUMNS, TASK_CSV_COLUMNS } from '../../src/server/data/export-csv';
import { deletionSeams } from '../../src/server/data/delete-account.service';
import { bankTasks, dailyTasks, lockInSessions, rateLimits, subscriptions, users } from '../../src/server/db/schema';
import { EXPORT_PAGE_SIZE, IMPORT_MAX_BYTES, type ExportDocument, type ImportResult } from '../../src/shared/data';
import { type TestClient, type TestContext, TestClient as Client, createTestContext } from '../support/app';
import { allTables, insertFocusSessions, seedEverything, shiftedSession, tracesOf } from '../support/data';
import { parseWithPythonCsv } from '../support/python-csv';
import { createUser, signedInClient } from '../support/factories';
import { makePremium } from '../support/plans';

const START = new Date('2026-03-10T12:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: START });
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(START));

async function newUser(options: { timeZone?: string } = {}) {
  const user = await createUser(ctx, options);
  return { user, client: await signedInClient(ctx, user) };
}

async function exportJson(client: TestClient): Promise<ExportDocument> {
  const res = await client.get('/api/export?format=json');
  expect(res.status).toBe(200);
  return res.body as ExportDocument;
}

async function rawGet(client: TestClient, path: string): Promise<Response> {
  const cookie = client.cookie('lockin_session');
  return ctx.app.request(`http://localhost:3000${path}`, {
    headers: cookie ? { cookie: `lockin_session=${cookie}` } : {},
  });
}

async function importText(client: TestClient, body: string) {
  return client.request<ImportResult & { message?: string }>('POST', '/api/import', body, {
    origin: 'http://localhost:3000',
  });
}

/** The parts of an export that describe the data (not who or when). */
function dataOf(doc: ExportDocument) {
  return {
    bank: doc.bank,
    daily: doc.daily.tasks,
    customCategories: doc.customCategories.map((c) => c.name).sort(),
    focusSessions: doc.focusSessions,
    completions: doc.completions,
    streak: doc.streak,
    blockedSites: doc.siteBlocking && { mode: doc.siteBlocking.mode, sites: doc.siteBlocking.sites },
  };
}

describe('GET /api/export', () => {
  test('signed out: 401', async () => {
    const res = await new Client(ctx.app).get('/api/export?format=json');
    expect(res.status).toBe(401);
  });

  test('bad format or table: 400 naming the field', async () => {
    const { client } = await newUser();
    const bad = await client.get('/api/export?format=xml');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toStartWith('Format ');
    const noTable = await client.get('/api/export?format=csv&what=users');
    expect(noTable.status).toBe(400);
    expect(noTable.body.message).toBe('What must be one of: tasks, sessions');
  });

  test('JSON holds exactly the user’s data, with carry-over state, quit reasons, streak and plan, and no secret', async () => {
    const { user, client } = await newUser();
    const other = await createUser(ctx);
    const secrets = await seedEverything(ctx, { id: user.id, email: user.email }, 'mine');
    const otherSecrets = await seedEverything(ctx, { id: other.id, email: other.email }, 'theirs');

    const res = await rawGet(client, '/api/export?format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="lockin-export-2026-03-10.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const doc = JSON.parse(text) as ExportDocument;

    expect(doc.format).toBe('lockin-export');
    expect(doc.version).toBe(1);
    expect(doc.exportedAt).toBe(START.toISOString());
    expect(doc.profile).toEqual({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: null,
      timeZone: 'UTC',
      createdAt: expect.any(String),
      signInMethods: ['password', 'github'],
    });
    expect(doc.bank.map((t) => t.id)).toEqual(['mine-bank-1', 'mine-bank-2']);
    expect(doc.bank[1]).toEqual({
      id: 'mine-bank-2',
      title: 'mine bank two',
      description: 'with a note',
      category: 'mine-cat',
      createdAt: new Date(START.getTime() - 86_400_000).toISOString(),
    });
    const carried = doc.daily.tasks.find((t) => t.id === 'mine-daily-1')!;
    expect(carried.isCarryOver).toBe(true);
    expect(carried.carryOverDate).toBe(new Date(START.getTime() - 2 * 86_400_000).toISOString());
    expect(carried.plannedOn).toBe('2026-03-07');
    expect(doc.daily.tasks.find((t) => t.id === 'mine-daily-2')!.completed).toBe(true);
    expect(doc.daily.lastResetAt).toBe(new Date(START.getTime() - 60_000).toISOString());
    expect(doc.customCategories.map((c) => c.name)).toEqual(['mine-cat']);
    expect(doc.focusSessions.map((s) => [s.id, s.status, s.quitReason])).toEqual([
      ['mine-s1', 'completed', null],
      ['mine-s2', 'quit', 'Interrupted'],
    ]);
    expect(doc.focusSessions[0]!.goalText).toBe('finish the draft');
    expect(doc.focusSessions[0]!.aliasId).toBe('focus_mine_1');
    expect(doc.completions).toEqual([
      {
        taskId: 'mine-daily-2',
        title: 'mine done',
        category: 'General',
        plannedOn: '2026-03-10',
        completedAt: START.toISOString(),
      },
    ]);
    // Derived from the sessions: the completed one ended on the 8th, two days before today.
    expect(doc.streak).toEqual({ current: 0, lastDay: '2026-03-08' });
    expect(doc.plan?.premium).toBe(true);
    expect(doc.plan?.hasSubscription).toBe(true);

    // No secret of this user, nothing at all of the other user.
    const [hash] = await ctx.deps.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id));
    for (const secret of [hash!.h!, ...Object.values(secrets)]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password_?hash|passwordHash|token/i);
    for (const theirs of [other.id, other.email, 'theirs', ...Object.values(otherSecrets)])
      expect(text).not.toContain(theirs);
  });

  test('an account with nothing yet exports empty lists and a free plan', async () => {
    const { client } = await newUser();
    const doc = await exportJson(client);
    expect(dataOf(doc)).toEqual({
      bank: [],
      daily: [],
      customCategories: [],
      focusSessions: [],
      completions: [],
      streak: { current: 0, lastDay: null },
      blockedSites: { mode: 'block_listed', sites: [] },
    });
    expect(doc.plan?.premium).toBe(false);
    expect(doc.daily.lastResetAt).toBeNull();
  });

  test('the blocked sites, their mode and the connected browsers are in it, never a credential', async () => {
    const { client } = await newUser();
    expect(
      (await client.mutate('blocking.add', { sites: ['YouTube.com', 'https://www.reddit.com/r/all'] })).status,
    ).toBe(200);
    const connected = await client.mutate<{ id: string; token: string }>('blocking.connect', {
      name: 'Firefox on Linux',
    });
    const text = await (await rawGet(client, '/api/export?format=json')).text();
    const doc = JSON.parse(text) as ExportDocument & { siteBlocking: unknown };
    expect(doc.siteBlocking).toEqual({
      mode: 'block_listed',
      sites: ['reddit.com', 'youtube.com'],
      connectedBrowsers: [{ name: 'Firefox on Linux', createdAt: expect.any(String), lastUsedAt: null }],
    });
    expect(text).not.toContain(connected.body.token);
    expect(text).not.toContain(connected.body.id);
  });

  test('a long history streams in keyset pages, complete and oldest first', async () => {
    const { user, client } = await newUser();
    const count = EXPORT_PAGE_SIZE * 2 + 7;
    // Several sessions share a start time so the (started_at, id) key is what keeps the pages apart.
    await insertFocusSessions(
      ctx,
      user.id,
      Array.from({ length: count }, (_, i) => ({
        id: `s${String(i).padStart(5, '0')}`,
        startedAt: new Date(START.getTime() - (count - Math.floor(i / 3)) * 3_600_000),
      })),
    );
    const doc = await exportJson(client);
    expect(doc.focusSessions.length).toBe(count);
    expect(new Set(doc.focusSessions.map((s) => s.id)).size).toBe(count);
    expect(doc.focusSessions.map((s) => s.id)).toEqual([...doc.focusSessions.map((s) => s.id)].sort());

    const csv = await (await rawGet(client, '/api/export?format=csv&what=sessions')).text();
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(count);
  });
});

describe('CSV export', () => {
  const tricky = [
    'Plain title',
    'Commas, and more, commas',
    'She said "hi" and left',
    'Line one\nLine two\r\nLine three',
    'Focus 🎯 with emoji 👩‍💻 and accents: café, naïve',
    '=SUM(A1:A2) stays text',
    ' leading and trailing spaces ',
  ];

  test('tasks and sessions round-trip through a CSV parser: commas, quotes, newlines, emoji', async () => {
    const { user, client } = await newUser();
    for (const [i, title] of tricky.entries()) {
      const res = await client.mutate('tasks.bank.create', {
        id: `t${i}`,
        title: title.trim() === title ? title : `x${title}x`,
        // A bare LF (and a bare CR) with nothing else that needs quoting: RFC 4180 still quotes them.
        description:
          i === 3 ? 'a, "quoted"\nnote' : i === 0 ? 'first line\nsecond line' : i === 4 ? 'old mac\rline' : undefined,
      });
      expect(res.status).toBe(200);
    }
    expect((await client.mutate('tasks.daily.add', { ids: ['t1', 't2'] })).status).toBe(200);
    expect((await client.mutate('tasks.daily.complete', { id: 't2' })).status).toBe(200);
    await insertFocusSessions(
      ctx,
      user.id,
      tricky.map((title, i) => ({
        id: `f${i}`,
        taskTitle: title.trim() === title ? title : `x${title}x`,
        goalText: i % 2 ? 'goal, "with" quotes' : i === 0 ? 'plan\nthen do' : null,
        status: i % 2 ? 'quit' : 'completed',
        quitReason: 'Finished early',
        startedAt: new Date(START.getTime() - (10 - i) * 3_600_000),
      })),
    );

    const tasksRes = await rawGet(client, '/api/export?format=csv&what=tasks');
    expect(tasksRes.status).toBe(200);
    expect(tasksRes.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(tasksRes.headers.get('content-disposition')).toBe('attachment; filename="lockin-tasks-2026-03-10.csv"');
    const bytes = new Uint8Array(await tasksRes.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark
    const tasksCsv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    // RFC 4180: every record ends in CRLF (line breaks inside quoted fields are kept as they are).
    expect(tasksCsv.endsWith('\r\n')).toBe(true);
    expect(tasksCsv.split('\r\n')[0]).toBe(`\uFEFF${TASK_CSV_COLUMNS.join(',')}`);

    const rows = parse(tasksCsv, { bom: true, columns: true }) as Record<string, string>[];
    // Python's csv module reads the very same rows: a line break inside a field is quoted.
    expect(await parseWithPythonCsv(tasksCsv)).toEqual(rows);
    const bank = rows.filter((r) => r.list === 'bank');
    expect(bank.map((r) => r.title)).toEqual(tricky.map((t) => (t.trim() === t ? t : `x${t}x`)));
    expect(bank[3]!.description).toBe('a, "quoted"\nnote');
    expect(bank[0]!.description).toBe('first line\nsecond line');
    expect(bank[4]!.description).toBe('old mac\rline');
    expect(bank[0]!.created_at).toBe(START.toISOString());
    const dailyRows = rows.filter((r) => r.list === 'daily');
    expect(dailyRows.map((r) => [r.id, r.completed, r.is_carry_over, r.planned_on])).toEqual([
      ['t1', 'false', 'false', '2026-03-10'],
      ['t2', 'true', 'false', '2026-03-10'],
    ]);
    expect(dailyRows[1]!.completed_at).toBe(START.toISOString());

    const sessionsCsv = await (await rawGet(client, '/api/export?format=csv&what=sessions')).text();
    const sessions = parse(sessionsCsv, { bom: true, columns: true }) as Record<string, string>[];
    expect(await parseWithPythonCsv(sessionsCsv)).toEqual(sessions);
    expect(sessions.length).toBe(tricky.length);
    expect(Object.keys(sessions[0]!)).toEqual([...SESSION_CSV_COLUMNS]);
    expect(sessions.map((s) => s.task_title)).toEqual(tricky.map((t) => (t.trim() === t ? t : `x${t}x`)));
    expect(sessions[1]).toMatchObject({
      goal_text: 'goal, "with" quotes',
      status: 'quit',
      quit_early: 'true',
      quit_reason: 'Finished early',
    });
    expect(sessions[0]).toMatchObject({
      goal_text: 'plan\nthen do',
      status: 'completed',
      completed: 'true',
      goal_minutes: '25',
      actual_minutes: '25',
    });
    expect(sessions[0]!.started_at).toBe(new Date(START.getTime() - 10 * 3_600_000).toISOString());
  });

  test('an empty account still gets the header row', async () => {
    const { client } = await newUser();
    const bytes = await (await rawGet(client, '/api/export?format=csv&what=sessions')).arrayBuffer();
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(`\uFEFF${SESSION_CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('POST /api/import', () => {
  test("the blocked-sites list and mode come back, within the importing plan's room, and the summary says what did not fit", async () => {
    const source = await newUser();
    await makePremium(ctx.deps, source.user.id);
    const sites = Array.from({ length: 8 }, (_, i) => `site${i}.example`);
    expect((await source.client.mutate('blocking.add', { sites })).status).toBe(200);
    expect((await source.client.mutate('blocking.setMode', { mode: 'allow_only' })).status).toBe(200);
    const file = JSON.stringify((await source.client.get('/api/export?format=json')).body);

    const premium = await newUser();
    await makePremium(ctx.deps, premium.user.id);
    const whole = await importText(premium.client, file);
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ blockedSitesOverLimit: 0, allowOnlyNotImported: false });
    expect(whole.body.added.blockedSites).toBe(8);
    expect((await exportJson(premium.client)).siteBlocking).toMatchObject({ mode: 'allow_only', sites });

    const free = await newUser();
    expect((await free.client.mutate('blocking.add', { sites: ['site0.example', 'mine.example'] })).status).toBe(200);
    const bounded = await importText(free.client, file);
    expect(bounded.status).toBe(200);
    expect(bounded.body.added.blockedSites).toBe(3);
    expect(bounded.body.skipped.blockedSites).toBe(1);
    expect(bounded.body).toMatchObject({ blockedSitesOverLimit: 4, allowOnlyNotImported: true });
    expect((await exportJson(free.client)).siteBlocking).toMatchObject({
      mode: 'block_listed',
      sites: ['mine.example', 'site0.example', 'site1.example', 'site2.example', 'site3.example'],
    });
  });

  test('a blocked site that is not a domain is a 400 naming its entry, and nothing is imported', async () => {
    const { client } = await newUser();
    const doc = await exportJson(client);
    const bad = { ...doc, bank: [], siteBlocking: { mode: 'block_listed', sites: ['fine.example', 'not a site'] } };
    const res = await importText(client, JSON.stringify(bad));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('entry 2');
    expect(res.body.message).toContain("is not a site's domain");
    expect((await exportJson(client)).siteBlocking?.sites).toEqual([]);
  });

  test('an export imported into a fresh account reproduces it; importing again adds nothing', async () => {
    const source = await newUser();
    await seedEverything(ctx, { id: source.user.id, email: source.user.email }, 'src');
    await insertFocusSessions(ctx, source.user.id, [
      { id: 'emoji', taskTitle: 'Write 📝, "quoted"', startedAt: new Date(START.getTime() - 5 * 3_600_000) },
    ]);
    const exported = await source.client.get('/api/export?format=json');
    const before = exported.body as ExportDocument;

    const target = await newUser();
    const res = await importText(target.client, JSON.stringify(before));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: { bank: 2, daily: 2, customCategories: 1, focusSessions: 3, completions: 1, blockedSites: 1, circles: 1 },
      skipped: {
        bank: 0,
        daily: 0,
        customCategories: 0,
        focusSessions: 0,
        completions: 0,
        blockedSites: 0,
        circles: 0,
      },
      skippedRunningSessions: 0,
      blockedSitesOverLimit: 0,
      allowOnlyNotImported: false,
      circlesOverLimit: 0,
      streakUpdated: true,
      signed: true,
    });
    const after = await exportJson(target.client);
    expect(dataOf(after)).toEqual(dataOf(before));
    // The profile and plan stay the target's own: a file never grants Premium.
    expect(after.profile.email).toBe(target.user.email);
    expect(after.plan?.premium).toBe(false);

    const again = await importText(target.client, JSON.stringify(before));
    expect(again.status).toBe(200);
    expect(again.body.added).toEqual({
      bank: 0,
      daily: 0,
      customCategories: 0,
      focusSessions: 0,
      completions: 0,
      blockedSites: 0,
      circles: 0,
    });
    expect(again.body.skipped).toEqual({
      bank: 2,
      daily: 2,
      customCategories: 1,
      focusSessions: 3,
      completions: 1,
      blockedSites: 1,
      circles: 1,
    });
    expect(dataOf(await exportJson(target.client))).toEqual(dataOf(before));
  });

  test('merges into existing data: same ids are kept once, the file’s streak figure is ignored, running sessions stay behind', async () => {
    const { user, client } = await newUser();
    await client.mutate('tasks.bank.create', { id: 'shared', title: 'Mine' });
    await client.mutate('tasks.bank.create', { id: 'only-mine', title: 'Only mine' });
    const doc = await exportJson(client);
    const file: ExportDocument = {
      ...doc,
      bank: [
        {
          id: 'shared',
          title: 'Theirs (ignored)',
          description: null,
          category: 'Work',
          createdAt: START.toISOString(),
        },
        { id: 'new-one', title: 'New one', description: null, category: 'Health', createdAt: START.toISOString() },
      ],
      focusSessions: [
        {
          id: 'running',
          taskTitle: 'Still running',
          category: 'Work',
          goalText: null,
          goalMinutes: 25,
          actualMinutes: null,
          status: 'active',
          completed: false,
          quitEarly: false,
          quitReason: null,
          startedAt: START.toISOString(),
          endsAt: new Date(START.getTime() + 25 * 60_000).toISOString(),
          endedAt: null,
        },
      ],
      streak: { current: 99999, lastDay: '2026-03-10' },
    };
    const res = await importText(client, JSON.stringify(file));
    expect(res.status).toBe(200);
    expect(res.body.added.bank).toBe(1);
    expect(res.body.skipped.bank).toBe(1);
    expect(res.body.skippedRunningSessions).toBe(1);
    expect(res.body.added.focusSessions).toBe(0);
    expect(res.body.streakUpdated).toBe(false);
    const rows = await ctx.deps.db
      .select({ id: bankTasks.id, title: bankTasks.title })
      .from(bankTasks)
      .where(eq(bankTasks.userId, user.id));
    expect(rows.map((r) => `${r.id}:${r.title}`).sort()).toEqual([
      'new-one:New one',
      'only-mine:Only mine',
      'shared:Mine',
    ]);
    expect(await ctx.deps.db.select().from(lockInSessions).where(eq(lockInSessions.userId, user.id))).toEqual([]);
    expect((await client.query<{ current: number }>('lockin.streak')).body.current).toBe(0);

    // A session written into the file by hand is history, not a streak day.
    const withSession = await importText(
      client,
      JSON.stringify({
        ...file,
        focusSessions: [
          {
            ...file.focusSessions[0],
            id: 'yesterday',
            status: 'completed',
            completed: true,
            actualMinutes: 25,
            startedAt: '2026-03-09T09:00:00.000Z',
            endsAt: '2026-03-09T09:25:00.000Z',
            endedAt: '2026-03-09T09:25:00.000Z',
          },
        ],
      }),
    );
    expect(withSession.body).toMatchObject({ signed: false, streakUpdated: false, added: { focusSessions: 1 } });
    expect((await client.query<{ current: number }>('lockin.streak')).body.current).toBe(0);
  });

  test('a session already here under its other REST id (alias) is not imported twice', async () => {
    const { user, client } = await newUser();
    await insertFocusSessions(ctx, user.id, [
      { id: 'lock_1', aliasId: 'focus_1', startedAt: new Date(START.getTime() - 3_600_000) },
    ]);
    const doc = await exportJson(client);
    const session = doc.focusSessions[0]!;
    const file = {
      ...doc,
      focusSessions: [
        { ...session, id: 'focus_1', aliasId: 'lock_1' }, // the same session seen from its other shape
        { ...session, id: 'other', aliasId: 'focus_1' }, // carries an alias already taken
        { ...shiftedSession(session, -7_200_000), id: 'new', aliasId: 'focus_new' },
        { ...shiftedSession(session, -7_200_000), id: 'again', aliasId: 'new' }, // the file's own 'new' under its other id
      ],
    };
    const res = await importText(client, JSON.stringify(file));
    expect(res.status).toBe(200);
    expect(res.body.added.focusSessions).toBe(1);
    expect(res.body.skipped.focusSessions).toBe(3);
    const ids = await ctx.deps.db
      .select({ id: lockInSessions.id })
      .from(lockInSessions)
      .where(eq(lockInSessions.userId, user.id));
    expect(ids.map((r) => r.id).sort()).toEqual(['lock_1', 'new']);
  });

  describe('focus sessions must be ones LockIn could have recorded', () => {
    const HOUR = 3_600_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    /** A completed 25-minute session that started `hoursAgo` hours before START. */
    const session = (id: string, hoursAgo: number, over: Record<string, unknown> = {}) => ({
      id,
      taskTitle: 'Write',
      category: 'Work',
      goalText: null,
      goalMinutes: 25,
      actualMinutes: 25,
      status: 'completed',
      completed: true,
      quitEarly: false,
      quitReason: null,
      startedAt: iso(START.getTime() - hoursAgo * HOUR),
      endsAt: iso(START.getTime() - hoursAgo * HOUR + 25 * 60_000),
      endedAt: iso(START.getTime() - hoursAgo * HOUR + 25 * 60_000),
      ...over,
    });
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'in the future (a streak that never ends)',
        session('x', -24 * 400),
        'Focus sessions entry 2 must have ended in the past',
      ],
      [
        'minutes beyond the goal',
        session('x', 5, { actualMinutes: 1440 }),
        'Focus sessions entry 2 must have actualMinutes at most its goal',
      ],
      [
        'a goal LockIn does not offer',
        session('x', 5, { goalMinutes: 1440, actualMinutes: 1440 }),
        'Focus sessions entry 2 has a goal of 1440 minutes; LockIn offers 5, 15, 25, 30, 45, 60, 90, 120',
      ],
      [
        'quit but marked completed',
        session('x', 5, { status: 'quit', quitEarly: false }),
        "Focus sessions entry 2 has status 'quit' but completed true and quitEarly false",
      ],
      [
        'completed before its goal ran',
        session('x', 5, { endedAt: iso(START.getTime() - 5 * HOUR + 60_000) }),
        'Focus sessions entry 2 is completed but ended before its goal',
      ],
      [
        'a quit with more minutes than passed',
        session('x', 5, {
          status: 'quit',
          completed: false,
          quitEarly: true,
          actualMinutes: 20,
          endedAt: iso(START.getTime() - 5 * HOUR + 2 * 60_000),
        }),
        'Focus sessions entry 2 must have actualMinutes at most the time between startedAt and endedAt',
      ],
      ['overlapping another in the file', session('x', 3 + 0.1), 'Focus sessions entry 2 overlaps entry 1'],
      [
        'overlapping one in the account',
        session('x', 1 + 0.2),
        'Focus sessions entry 2 overlaps a session already in your account',
      ],
    ];
    for (const [what, bad, message] of cases) {
      test(`refused, naming the entry, and nothing is imported: ${what}`, async () => {
        const { user, client } = await newUser();
        await insertFocusSessions(ctx, user.id, [{ id: 'here', startedAt: new Date(START.getTime() - HOUR) }]);
        const doc = await exportJson(client);
        const file = {
          ...doc,
          bank: [{ id: 'b1', title: 'Kept out', description: null, category: 'Work', createdAt: START.toISOString() }],
          focusSessions: [session('ok', 3), bad],
        };
        const res = await importText(client, JSON.stringify(file));
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
        const after = await exportJson(client);
        expect(after.bank).toEqual([]);
        expect(after.focusSessions.map((s) => s.id)).toEqual(['here']);
      });
    }

    test('a consistent history is taken whole; written by hand (unsigned), it is history and not a streak', async () => {
      const { client } = await newUser({ timeZone: 'UTC' });
      const doc = await exportJson(client);
      const days = [1, 2, 3].map((d) => session(`day${d}`, 24 * d - 2));
      const res = await importText(client, JSON.stringify({ ...doc, focusSessions: days }));
      expect(res.status).toBe(200);
      expect(res.body.added.focusSessions).toBe(3);
      expect(res.body.signed).toBe(false);
      expect(res.body.streakUpdated).toBe(false);
    });
  });

  test('free plan: more than 10 bank tasks is refused with the count, and nothing is imported', async () => {
    const { user, client } = await newUser();
    for (let i = 0; i < 4; i++) await client.mutate('tasks.bank.create', { id: `own${i}`, title: `Own ${i}` });
    const doc = await exportJson(client);
    const file = {
      ...doc,
      bank: Array.from({ length: 9 }, (_, i) => ({
        id: `in${i}`,
        title: `In ${i}`,
        description: null,
        category: 'Work',
        createdAt: START.toISOString(),
      })),
      customCategories: [{ name: 'Imported cat', createdAt: START.toISOString() }],
      focusSessions: [
        {
          id: 'f1',
          taskTitle: 'x',
          category: 'Work',
          goalText: null,
          goalMinutes: 25,
          actualMinutes: 25,
          status: 'completed',
          completed: true,
          quitEarly: false,
          quitReason: null,
          startedAt: new Date(START.getTime() - 3_600_000).toISOString(),
          endsAt: new Date(START.getTime() - 2_100_000).toISOString(),
          endedAt: new Date(START.getTime() - 2_100_000).toISOString(),
        },
      ],
    };
    const res = await importText(client, JSON.stringify(file));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Your free plan keeps at most 10 tasks in the Task Bank: you have 4 and the file adds 9 new ones (13). Nothing was imported. Remove 3 from the bank or the file, or upgrade to Premium.',
    );
    const after = await exportJson(client);
    expect(after.bank.length).toBe(4);
    expect(after.customCategories).toEqual([]);
    expect(after.focusSessions).toEqual([]);

    // Premium lifts the bank limit.
    await makePremium(ctx.deps, user.id);
    const premium = await importText(client, JSON.stringify(file));
    expect(premium.status).toBe(200);
    expect(premium.body.added.bank).toBe(9);
  });

  test('more than 5 tasks on Today’s Focus is refused with the count', async () => {
    const { client } = await newUser();
    for (let i = 0; i < 3; i++) await client.mutate('tasks.bank.create', { id: `b${i}`, title: `B ${i}` });
    await client.mutate('tasks.daily.add', { ids: ['b0', 'b1', 'b2'] });
    const doc = await exportJson(client);
    const extra = ['x1', 'x2', 'x3'].map((id) => ({ ...doc.daily.tasks[0]!, id }));
    const res = await importText(
      client,
      JSON.stringify({ ...doc, daily: { ...doc.daily, tasks: [...doc.daily.tasks, ...extra] } }),
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      "Today's Focus holds at most 5 tasks: you have 3 and the file adds 3 new ones (6). Nothing was imported.",
    );
  });

  test('bad or foreign files: 400 saying what is wrong, nothing written', async () => {
    const { user, client } = await newUser();
    const doc = await exportJson(client);
    const task = { id: 'a', title: 'A', description: null, category: 'Work', createdAt: START.toISOString() };
    const cases: [string, string][] = [
      ['', 'The file is empty (choose a LockIn JSON export)'],
      ['not json at all', 'The file is not valid JSON (choose a LockIn JSON export)'],
      ['[1,2,3]', 'The file must be a JSON object (a LockIn export)'],
      [
        JSON.stringify({ name: 'some other app', tasks: [] }),
        "Format must be 'lockin-export' (this is not a LockIn export)",
      ],
      [
        JSON.stringify({ ...doc, version: 2 }),
        'Version is newer than this server understands (1); update LockIn first',
      ],
      [JSON.stringify({ ...doc, version: '1' }), 'Version must be a number'],
      [JSON.stringify({ ...doc, bank: [{ ...task, title: '' }] }), 'Bank entry 1: Title is required'],
      [
        JSON.stringify({ ...doc, bank: [task, { ...task, title: 'B' }] }),
        "Bank entry 2: ID 'a' appears twice in the file",
      ],
      [
        JSON.stringify({ ...doc, bank: [{ ...task, createdAt: 'yesterday' }] }),
        'Bank entry 1: Created at must be an ISO 8601 date-time',
      ],
      [
        JSON.stringify({ ...doc, bank: [{ ...task, title: 'nul\u0000' }] }),
        'Bank entry 1: Title must not contain NUL characters',
      ],
      [JSON.stringify({ ...doc, focusSessions: 'lots' }), 'Focus sessions must be an array'],
      // An entry of the wrong kind is named, with the shape it should have.
      [
        JSON.stringify({ ...doc, customCategories: [{ name: 'Fine', createdAt: START.toISOString() }, 'Reading'] }),
        'Custom categories entry 2 must be an object like { "name": "Reading", "createdAt": "2026-03-10T12:00:00.000Z" }, not a string',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await importText(client, body);
      expect({ body: body.slice(0, 40), status: res.status, message: res.body?.message }).toEqual({
        body: body.slice(0, 40),
        status: 400,
        message,
      });
    }
    expect(await ctx.deps.db.select().from(bankTasks).where(eq(bankTasks.userId, user.id))).toEqual([]);
  });

  test('the upload is bounded: over 8 MiB answers 413; other API bodies keep their 64 KiB bound', async () => {
    const { client } = await newUser();
    const huge = 'x'.repeat(IMPORT_MAX_BYTES + 1);
    const res = await importText(client, huge);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request body must be at most 8 MiB');
    const other = await client.request('PUT', '/api/auth/profile', 'x'.repeat(70 * 1024), {
      origin: 'http://localhost:3000',
    });
    expect(other.status).toBe(413);
    expect(other.body.message).toBe('The request body must be at most 64 KiB');
  });

  test('a big but valid export (2,000 sessions) imports in one go', async () => {
    const source = await newUser();
    await insertFocusSessions(
      ctx,
      source.user.id,
      Array.from({ length: 2000 }, (_, i) => ({
        id: `big${i}`,
        startedAt: new Date(START.getTime() - (i + 1) * 3_600_000),
      })),
    );
    const text = JSON.stringify(await exportJson(source.client));
    expect(text.length).toBeGreaterThan(64 * 1024);
    const target = await newUser();
    const res = await importText(target.client, text);
    expect(res.status).toBe(200);
    expect(res.body.added.focusSessions).toBe(2000);
  });

  test('imports and exports are bounded per user per hour (429 with Retry-After); the counters go with the account', async () => {
    const { user, client } = await newUser();
    for (let i = 0; i < DATA_RATE_LIMITS.importPerUser.limit; i++)
      expect((await importText(client, 'x')).status).toBe(400);
    const refused = await importText(client, JSON.stringify(await exportJson(client)));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not affected.
    const other = await newUser();
    expect((await importText(other.client, 'x')).status).toBe(400);

    for (let i = 1; i < DATA_RATE_LIMITS.exportPerUser.limit; i++)
      expect((await rawGet(client, '/api/export?format=csv&what=sessions')).status).toBe(200);
    expect((await client.get('/api/export?format=json')).status).toBe(429);
    ctx.clock.set(new Date(START.getTime() + 61 * 60_000));
    expect((await client.get('/api/export?format=json')).status).toBe(200);

    const keys = [DATA_RATE_LIMITS.importPerUser, DATA_RATE_LIMITS.exportPerUser].map(
      (r) => `${r.name}:${hashToken(user.id)}`,
    );
    const counters = () => ctx.deps.db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    expect((await counters()).length).toBe(2);
    expect((await client.delete('/api/auth/account', { email: user.email })).status).toBe(200);
    expect(await counters()).toEqual([]);
  });

  test('signed out: 401; another site: 403', async () => {
    expect(
      (await new Client(ctx.app).request('POST', '/api/import', '{}', { origin: 'http://localhost:3000' })).status,
    ).toBe(401);
    const { client } = await newUser();
    expect((await client.request('POST', '/api/import', '{}', { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('DELETE /api/auth/account', () => {
  test('a wrong or missing email is refused and nothing is deleted', async () => {
    const { user, client } = await newUser();
    const wrong = await client.delete('/api/auth/account', { email: 'someone@else.com' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Email does not match this account's email");
    const missing = await client.delete('/api/auth/account', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Email is required');
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await ctx.deps.db.select().from(users).where(eq(users.id, user.id))).length).toBe(1);
  });

  test('signed out: 401', async () => {
    expect((await new Client(ctx.app).delete('/api/auth/account', { email: 'a@b.c' })).status).toBe(401);
  });

  test('deletes every row of the user in every table, ends every session, and leaves another user untouched', async () => {
    const { user, client } = await newUser();
    const secondBrowser = await signedInClient(ctx, user);
    const other = await createUser(ctx);
    const otherClient = await signedInClient(ctx, other);
    await seedEverything(ctx, { id: user.id, email: user.email }, 'gone');
    await seedEverything(ctx, { id: other.id, email: other.email }, 'kept');

    const tables = await allTables(ctx);
    const before = await tracesOf(ctx, user);
    // The check means something only if the user had a row in each table that can hold one.
    for (const t of tables.filter((t) => t.hasUserId || t.name === 'users' || t.name === 'rate_limits')) {
      expect({ table: t.name, rows: before[t.name]! > 0 }).toEqual({ table: t.name, rows: true });
    }
    const otherExport = await exportJson(otherClient);
    const otherBefore = await tracesOf(ctx, other);

    expect((await secondBrowser.get('/api/auth/user')).status).toBe(200);
    const res = await client.delete('/api/auth/account', { email: `  ${user.email.toUpperCase()} ` });
    expect((await secondBrowser.get('/api/auth/user')).status).toBe(401);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your account has been deleted');
    expect(res.body.sessionsEnded).toBe(3);
    expect(client.cookie('lockin_session')).toBeUndefined();

    const after = await tracesOf(ctx, user);
    expect(after).toEqual(Object.fromEntries(tables.map((t) => [t.name, 0])));
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await secondBrowser.get('/api/auth/user')).status).toBe(401);
    expect((await secondBrowser.get('/api/export?format=json')).status).toBe(401);

    expect(await tracesOf(ctx, other)).toEqual(otherBefore);
    expect(await exportJson(otherClient)).toEqual(otherExport);
  });

  test('a demo Premium plan is cancelled through the plans service before the rows go', async () => {
    const { user, client } = await newUser();
    await makePremium(ctx.deps, user.id);
    const calls: string[] = [];
    const original = deletionSeams.cancelSubscription;
    deletionSeams.cancelSubscription = async (deps, userId) => {
      // Still there when the cancel runs: the cancel comes first.
      calls.push(`${userId}:${(await deps.db.select().from(users).where(eq(users.id, userId))).length}`);
      return original(deps, userId);
    };
    try {
      const res = await client.delete('/api/auth/account', { email: user.email });
      expect(res.status).toBe(200);
      expect(calls).toEqual([`${user.id}:1`]);
      expect(await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
    } finally {
      deletionSeams.cancelSubscription = original;
    }
  });
});

test('daily tasks imported keep their carry-over state through the next daily reset rules', async () => {
  // The imported carried-over task is read back by the tasks domain as carried over.
  const source = await newUser();
  await seedEverything(ctx, { id: source.user.id, email: source.user.email }, 'carry');
  const doc = await exportJson(source.client);
  const target = await newUser();
  expect((await importText(target.client, JSON.stringify(doc))).status).toBe(200);
  const list = await target.client.query('tasks.daily.list');
  const carried = list.body.tasks.find((t: { id: string }) => t.id === 'carry-daily-1');
  expect(carried).toMatchObject({ isCarryOver: true, plannedOn: '2026-03-07', daysCarriedOver: 2 });
  const rows = await ctx.deps.db
    .select({ id: dailyTasks.id })
    .from(dailyTasks)
    .where(eq(dailyTasks.userId, target.user.id));
  expect(rows.length).toBe(2);
});
