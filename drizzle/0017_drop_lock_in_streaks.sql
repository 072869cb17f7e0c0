-- The stored streak has been neither read nor written since the streak became derived from
-- completed sessions (lockin/streak.ts); every release since then runs without it, so a rolling
-- deploy no longer meets a process that writes it.
DROP TABLE IF EXISTS "lock_in_streaks" CASCADE;
