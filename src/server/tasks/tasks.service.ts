// The task rules: Task Bank, Today's Focus, custom categories, completion history and the daily
// reset. Plain functions of (deps, user, input), shared by the tRPC procedures and the REST shims.
//
// They live in bank.service.ts, daily.service.ts and categories.service.ts around the shared
// per-user lock and daily reset of task-store.ts (which says how concurrent writes stay correct);
// this module is their one entry point for routes and procedures.
export * from './bank.service';
export * from './categories.service';
export * from './daily.service';
export { lockUser, type TaskUser } from './task-store';
