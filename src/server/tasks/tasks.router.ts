import { router } from '../trpc/init';

export const tasksRouter = router({});
