// REST shims of the spec's task calls, over the same service as the tRPC procedures.
import { Hono } from 'hono';
import { z } from 'zod';
import { createBankTaskInput, taskIdSchema } from '../../shared/tasks';
import type { AppDeps } from '../deps';
import { type AppEnv, requireAuth } from '../http/auth-middleware';
import { AppError, describeZodError } from '../http/errors';
import { readJson } from '../http/validate';
import * as tasks from './tasks.service';

/** The spec's client sends whatever its local task holds: tolerate null for the optional fields. */
const registerTaskBody = createBankTaskInput.extend({
  description: createBankTaskInput.shape.description.unwrap().nullish(),
  category: createBankTaskInput.shape.category.unwrap().nullish(),
});

/** The task id in the path, validated like a body field so a bad one answers 400 naming 'id'. */
function taskIdParam(raw: string): string {
  const parsed = z.object({ id: taskIdSchema }).safeParse({ id: raw });
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  return parsed.data.id;
}

export function tasksRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/tasks', async (c) => {
    const { user } = requireAuth(c);
    const body = await readJson(c, registerTaskBody);
    const { task, created } = await tasks.registerTask(deps, user, {
      id: body.id,
      title: body.title,
      description: body.description ?? undefined,
      category: body.category ?? undefined,
    });
    return c.json(task, created ? 201 : 200);
  });

  app.put('/tasks/:id/complete', async (c) => {
    const { user } = requireAuth(c);
    return c.json(await tasks.setDailyCompleted(deps, user, { id: taskIdParam(c.req.param('id')) }, true));
  });

  app.put('/tasks/:id/incomplete', async (c) => {
    const { user } = requireAuth(c);
    return c.json(await tasks.setDailyCompleted(deps, user, { id: taskIdParam(c.req.param('id')) }, false));
  });

  return app;
}
