// tRPC procedures of the tasks domain: validate with the shared schemas, call the service.
import {
  addToDailyInput,
  categoryInput,
  createBankTaskInput,
  listBankInput,
  taskRefInput,
  updateBankTaskInput,
} from '../../shared/tasks';
import { protectedProcedure, router } from '../trpc/init';
import * as tasks from './tasks.service';

export const tasksRouter = router({
  bank: router({
    list: protectedProcedure
      .input(listBankInput)
      .query(({ ctx, input }) => tasks.listBank(ctx.deps, ctx.user, input ?? {})),
    create: protectedProcedure
      .input(createBankTaskInput)
      .mutation(({ ctx, input }) => tasks.createBankTask(ctx.deps, ctx.user, input)),
    update: protectedProcedure
      .input(updateBankTaskInput)
      .mutation(({ ctx, input }) => tasks.updateBankTask(ctx.deps, ctx.user, input)),
    delete: protectedProcedure
      .input(taskRefInput)
      .mutation(({ ctx, input }) => tasks.deleteBankTask(ctx.deps, ctx.user, input)),
  }),
  daily: router({
    list: protectedProcedure.query(({ ctx }) => tasks.listDaily(ctx.deps, ctx.user)),
    add: protectedProcedure
      .input(addToDailyInput)
      .mutation(({ ctx, input }) => tasks.addToDaily(ctx.deps, ctx.user, input)),
    remove: protectedProcedure
      .input(taskRefInput)
      .mutation(({ ctx, input }) => tasks.removeFromDaily(ctx.deps, ctx.user, input)),
    complete: protectedProcedure
      .input(taskRefInput)
      .mutation(({ ctx, input }) => tasks.setDailyCompleted(ctx.deps, ctx.user, input, true)),
    incomplete: protectedProcedure
      .input(taskRefInput)
      .mutation(({ ctx, input }) => tasks.setDailyCompleted(ctx.deps, ctx.user, input, false)),
    reset: protectedProcedure.mutation(({ ctx }) => tasks.runDailyReset(ctx.deps, ctx.user)),
  }),
  categories: router({
    add: protectedProcedure
      .input(categoryInput)
      .mutation(({ ctx, input }) => tasks.addCategory(ctx.deps, ctx.user, input)),
    remove: protectedProcedure
      .input(categoryInput)
      .mutation(({ ctx, input }) => tasks.removeCategory(ctx.deps, ctx.user, input)),
  }),
});
