// Pure rules of the tasks screen (no React): carry-over days in the user's local dates, the
// highlight level, the Today's Focus order, bank filtering and counts, category validation.
// Kept apart so they are unit-tested directly and shared by the optimistic cache updates.
import { BUILT_IN_CATEGORIES, CARRY_OVER_RING_DAYS, DAILY_TASK_LIMIT } from '../../../shared/constants';
import { daysCarriedOver } from '../../../shared/local-date';
import type { BankTask, DailyTask } from '../../../shared/tasks';

export function carryOverLabel(days: number): string {
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** 0 = no highlight; 1 = red highlight (≥1 day); 2 = stronger ring (≥3); 3 = strongest (≥7). */
export type RingLevel = 0 | 1 | 2 | 3;
export function ringLevel(days: number): RingLevel {
  const [one, three, seven] = CARRY_OVER_RING_DAYS;
  if (days >= seven) return 3;
  if (days >= three) return 2;
  if (days >= one) return 1;
  return 0;
}

/**
 * Today's Focus order: incomplete first, most days carried over first, otherwise keeping the
 * order they arrived in (the server's order by when added); completed last.
 */
export function sortDaily<T extends Pick<DailyTask, 'completed' | 'carryOverDate'>>(
  tasks: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return tasks
    .map((task, index) => ({ task, index, days: daysCarriedOver(task, now, timeZone) }))
    .sort((a, b) => {
      if (a.task.completed !== b.task.completed) return a.task.completed ? 1 : -1;
      if (!a.task.completed && a.days !== b.days) return b.days - a.days;
      return a.index - b.index;
    })
    .map((entry) => entry.task);
}

/** Categories in use with their counts, in the order of the category list then by name. */
export function categoryCounts(tasks: readonly Pick<BankTask, 'category'>[]): { category: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(task.category, (counts.get(task.category) ?? 0) + 1);
  const builtIns = BUILT_IN_CATEGORIES as readonly string[];
  return [...counts]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => {
      const ai = builtIns.indexOf(a.category);
      const bi = builtIns.indexOf(b.category);
      if (ai !== -1 || bi !== -1) return (ai === -1 ? Infinity : ai) - (bi === -1 ? Infinity : bi);
      return a.category.localeCompare(b.category);
    });
}

export function filterBank<T extends Pick<BankTask, 'category'>>(tasks: readonly T[], category: string | null): T[] {
  return category === null ? [...tasks] : tasks.filter((t) => t.category === category);
}

/** The trimmed name when it may be added, else null (empty, or already built-in or custom; case-sensitive). */
export function validateNewCategory(name: string, custom: readonly string[]): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  if ((BUILT_IN_CATEGORIES as readonly string[]).includes(trimmed) || custom.includes(trimmed)) return null;
  return trimmed;
}

/** Choices for a category select: built-ins, then custom ones, then `current` if it is neither. */
export function categoryChoices(custom: readonly string[], current?: string): string[] {
  const choices = [
    ...BUILT_IN_CATEGORIES,
    ...custom.filter((c) => !(BUILT_IN_CATEGORIES as readonly string[]).includes(c)),
  ];
  if (current && !choices.includes(current)) choices.push(current);
  return choices;
}

export function bankCountLabel(total: number, limit: number | null): string {
  return limit === null ? `${total} ${total === 1 ? 'task' : 'tasks'}` : `${total} / ${limit} tasks`;
}

export function formatCreated(created: string | null | undefined, locale?: string): string {
  if (!created) return 'No date';
  const date = new Date(created);
  if (Number.isNaN(date.getTime())) return 'No date';
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function greetingName(user: { firstName?: string | null; email?: string | null } | null): string {
  return user?.firstName?.trim() || user?.email?.trim() || 'User';
}

type AddCheck = { ok: true } | { ok: false; reason: 'already'; title: string } | { ok: false; reason: 'limit' };

/** Whether bank tasks may go on Today's Focus, checked before asking the server. */
export function checkAddToDaily(
  tasks: readonly Pick<BankTask, 'id' | 'title'>[],
  daily: readonly Pick<DailyTask, 'id'>[],
  limit = DAILY_TASK_LIMIT,
): AddCheck {
  const onList = new Set(daily.map((d) => d.id));
  const already = tasks.find((t) => onList.has(t.id));
  if (already) return { ok: false, reason: 'already', title: already.title };
  if (daily.length + tasks.length > limit) return { ok: false, reason: 'limit' };
  return { ok: true };
}

/** A bank task as it appears on Today's Focus right after being added. */
export function toDailyTask(task: BankTask, plannedOn: string): DailyTask {
  return { ...task, completed: false, isCarryOver: false, carryOverDate: null, plannedOn };
}
