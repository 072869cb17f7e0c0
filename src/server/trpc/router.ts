import { accountsRouter } from '../accounts/accounts.router';
import { blockingRouter } from '../blocking/blocking.router';
import { insightsRouter } from '../insights/insights.router';
import { lockinRouter } from '../lockin/lockin.router';
import { plansRouter } from '../plans/plans.router';
import { roomsRouter } from '../rooms/rooms.router';
import { circlesRouter } from '../circles/circles.router';
import { tasksRouter } from '../tasks/tasks.router';
import { router } from './init';

export const appRouter = router({
  accounts: accountsRouter,
  tasks: tasksRouter,
  lockin: lockinRouter,
  plans: plansRouter,
  insights: insightsRouter,
  blocking: blockingRouter,
  rooms: roomsRouter,
  circles: circlesRouter,
});

export type AppRouter = typeof appRouter;
