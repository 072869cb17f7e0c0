// The spec's two REST shapes of one session store: /api/lock-in-sessions and /api/focus-sessions.
// Thin: validate the spec's payloads, call the same service as the tRPC procedures. Times in the
// payloads (startTime, endTime, completedAt) are accepted and ignored: the server's clock stamps
// them, since a browser's clock may be wrong.
import { Hono } from 'hono';
import { z } from 'zod';
import type { LockInSessionView } from '../../shared/lockin';
import {
  goalMinutesField,
  goalTextSchema,
  listSessionsInput,
  lockInCategorySchema,
  quitReasonSchema,
  sessionIdSchema,
  taskTitleSchema,
} from '../../shared/lockin-input';
import type { AppDeps } from '../deps';
import { type AppEnv, requireAuth } from '../http/auth-middleware';
import { AppError, describeZodError } from '../http/errors';
import { readJson } from '../http/validate';
import { endSession } from './end-session';
import * as lockin from './lockin.service';
import { startSession } from './start-session';

/** A time the spec's client sends: accepted when an ISO date-time or null, then ignored. */
const isoOrNull = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).nullish();
const minutes = z
  .number({ error: 'must be a number of minutes' })
  .refine(Number.isFinite, 'must be a number of minutes')
  .transform(Math.round);
const mustBeFalse = (field: string) =>
  z
    .boolean({ error: 'must be a boolean' })
    .nullish()
    .refine((v) => !v, `a new session starts running; end it with PUT /api/${field}/{id}`);

const createLockInBody = z.object({
  taskTitle: taskTitleSchema.optional(),
  category: lockInCategorySchema.optional(),
  goalMinutes: goalMinutesField,
  goalText: goalTextSchema.nullish(),
  actualMinutes: minutes.nullish(),
  completed: mustBeFalse('lock-in-sessions'),
  quitEarly: mustBeFalse('lock-in-sessions'),
});

const updateLockInBody = z
  .object({
    actualMinutes: minutes.nullish(),
    completed: z.boolean({ error: 'must be a boolean' }).default(false),
    quitEarly: z.boolean({ error: 'must be a boolean' }).default(false),
    completedAt: isoOrNull,
    quitReason: quitReasonSchema.nullish(),
  })
  .refine((b) => b.completed !== b.quitEarly, {
    message: 'exactly one of completed and quitEarly must be true',
    path: ['completed'],
  });

const focusIdSchema = sessionIdSchema.refine((id) => id.startsWith('focus_'), "must start with 'focus_'");

const createFocusBody = z.object({
  id: focusIdSchema,
  taskTitle: taskTitleSchema.optional(),
  startTime: isoOrNull,
  endTime: isoOrNull,
  durationMinutes: goalMinutesField,
  completedSuccessfully: mustBeFalse('focus-sessions'),
});

const updateFocusBody = z.object({
  endTime: isoOrNull,
  durationMinutes: minutes.nullish(),
  completedSuccessfully: z.boolean({ error: 'must be a boolean' }),
  quitReason: quitReasonSchema.nullish(),
});

function idParam(raw: string): string {
  const parsed = z.object({ id: sessionIdSchema }).safeParse({ id: raw });
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  return parsed.data.id;
}

/** The list's items carry `startTime` and, for the spec's other reading, `start_time`. */
function listItem(session: LockInSessionView) {
  return { ...session, start_time: session.startTime };
}

function focusView(session: LockInSessionView, id = session.id) {
  return {
    id,
    taskTitle: session.taskTitle,
    startTime: session.startTime,
    endTime: session.completedAt,
    durationMinutes: session.actualMinutes ?? session.goalMinutes,
    completedSuccessfully: session.completed,
    status: session.status,
  };
}

export function lockinRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/lock-in-sessions', async (c) => {
    const { user } = requireAuth(c);
    const raw = c.req.query('limit');
    const parsed = listSessionsInput.safeParse(raw === undefined ? undefined : { limit: Number(raw) });
    if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
    const sessions = await lockin.listSessions(deps, user, parsed.data ?? {});
    return c.json(sessions.map(listItem));
  });

  app.post('/lock-in-sessions', async (c) => {
    const { user } = requireAuth(c);
    const body = await readJson(c, createLockInBody);
    const { session, created } = await startSession(deps, user, {
      goalMinutes: body.goalMinutes,
      goalText: body.goalText,
      taskTitle: body.taskTitle,
      category: body.category,
    });
    return c.json(listItem(session), created ? 201 : 200);
  });

  app.put('/lock-in-sessions/:id', async (c) => {
    const { user } = requireAuth(c);
    const id = idParam(c.req.param('id'));
    const body = await readJson(c, updateLockInBody);
    const { session } = await endSession(deps, user, {
      id,
      outcome: body.completed ? 'completed' : 'quit',
      actualMinutes: body.actualMinutes,
      reason: body.quitReason ?? null,
    });
    return c.json(listItem(session));
  });

  app.post('/focus-sessions', async (c) => {
    const { user } = requireAuth(c);
    const body = await readJson(c, createFocusBody);
    const { session, created } = await startSession(deps, user, {
      clientId: body.id,
      goalMinutes: body.durationMinutes,
      taskTitle: body.taskTitle,
    });
    return c.json(focusView(session, body.id), created ? 201 : 200);
  });

  app.put('/focus-sessions/:id', async (c) => {
    const { user } = requireAuth(c);
    const id = idParam(c.req.param('id'));
    const body = await readJson(c, updateFocusBody);
    const { session } = await endSession(deps, user, {
      id,
      byAlias: true,
      actualField: 'durationMinutes',
      outcome: body.completedSuccessfully ? 'completed' : 'quit',
      actualMinutes: body.durationMinutes,
      reason: body.quitReason ?? null,
    });
    return c.json(focusView(session, id));
  });

  return app;
}
