// One colour per built-in category (badge classes from the UnoCSS palette). Any other category,
// custom or unknown, takes the General style, as the spec says.
import { BUILT_IN_CATEGORIES, DEFAULT_CATEGORY } from './constants';

const GENERAL_STYLE = 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100';

export const CATEGORY_STYLES: Record<(typeof BUILT_IN_CATEGORIES)[number], string> = {
  General: GENERAL_STYLE,
  Work: 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100',
  Personal: 'bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100',
  Health: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
  Learning: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  School: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100',
  Creative: 'bg-pink-100 text-pink-800 dark:bg-pink-900 dark:text-pink-100',
  Finance: 'bg-lime-100 text-lime-900 dark:bg-lime-900 dark:text-lime-100',
  Social: 'bg-cyan-100 text-cyan-900 dark:bg-cyan-900 dark:text-cyan-100',
  Family: 'bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-100',
  Urgent: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  Projects: 'bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-100',
};

export function isBuiltInCategory(name: string): name is (typeof BUILT_IN_CATEGORIES)[number] {
  return (BUILT_IN_CATEGORIES as readonly string[]).includes(name);
}

/** Badge classes for a category; unknown and custom categories look like General. */
export function categoryStyle(name: string): string {
  return isBuiltInCategory(name) ? CATEGORY_STYLES[name] : CATEGORY_STYLES[DEFAULT_CATEGORY];
}
