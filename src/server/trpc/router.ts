import { accountsRouter } from '../accounts/accounts.router';
import { tasksRouter } from '../tasks/tasks.router';
import { router } from './init';

export const appRouter = router({
  accounts: accountsRouter,
  tasks: tasksRouter,
});

export type AppRouter = typeof appRouter;
