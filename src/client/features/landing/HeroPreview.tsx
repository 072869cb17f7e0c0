// A static picture of the app for the hero: Today's Focus beside a running Lock-In session.
// It is drawn with markup (crisp at every size, no image files); screen readers get one label.
import { DAILY_TASK_LIMIT } from '../../../shared/constants';
import { CheckIcon } from '../../ui/icons';
import { FlameIcon } from './icons';

const PREVIEW_TASKS = [
  {
    title: 'Outline the quarterly report',
    category: 'Work',
    tone: 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100',
    done: true,
  },
  {
    title: 'Read chapter 4 of Deep Work',
    category: 'Learning',
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
    done: true,
  },
  {
    title: 'Finish the landing page copy',
    category: 'Projects',
    tone: 'bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100',
    done: false,
  },
  {
    title: '30-minute run',
    category: 'Health',
    tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
    done: false,
  },
];

// The ring shows 16:40 left of a 25-minute session.
const RING_RADIUS = 52;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;
const RING_DONE = 1 - 1000 / 1500;

export function HeroPreview() {
  const done = PREVIEW_TASKS.filter((t) => t.done).length;
  return (
    <div
      role="img"
      aria-label="A preview of LockIn: Today's Focus with four tasks, two of them done, beside a running 25-minute Lock-In session and a 12-day streak"
      className="relative mx-auto w-full max-w-md lg:max-w-none"
    >
      <div
        data-testid="hero-preview-card"
        className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-2xl shadow-brand-900/10 sm:p-6 lg:pb-16 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:shadow-black/40"
      >
        <div className="flex items-center justify-between">
          <p className="text-base font-semibold">Today's Focus</p>
          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-900 dark:text-brand-100">
            {PREVIEW_TASKS.length}/{DAILY_TASK_LIMIT}
          </span>
        </div>
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
          <div
            className={`h-full rounded-full bg-gradient-to-r from-brand-500 to-violet-500 ${done === 2 ? 'w-1/2' : 'w-1/4'}`}
          />
        </div>
        <ul className="mt-4 list-none space-y-2.5 p-0">
          {PREVIEW_TASKS.map((task) => (
            <li
              key={task.title}
              className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 dark:border-slate-700"
            >
              <span
                className={`flex h-5 w-5 flex-none items-center justify-center rounded-md border-2 ${
                  task.done
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-400 bg-white dark:border-slate-500 dark:bg-slate-900'
                }`}
              >
                {task.done && <CheckIcon className="h-3.5 w-3.5" />}
              </span>
              <span
                className={`min-w-0 flex-1 truncate text-sm ${task.done ? 'text-slate-600 line-through dark:text-slate-400' : 'font-medium text-slate-900 dark:text-slate-100'}`}
              >
                {task.title}
              </span>
              <span className={`hidden rounded-full px-2 py-0.5 text-xs font-medium sm:inline ${task.tone}`}>
                {task.category}
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="relative -mt-6 ml-auto w-60 max-w-[85%] rounded-2xl bg-slate-900 p-5 text-white shadow-2xl ring-1 ring-white/10 sm:-mt-10 sm:-mr-4 dark:bg-slate-800 dark:ring-white/20">
        <div className="flex items-center gap-4">
          <svg viewBox="0 0 120 120" className="h-20 w-20 flex-none -rotate-90" aria-hidden="true">
            <circle cx="60" cy="60" r={RING_RADIUS} fill="none" stroke="#334155" strokeWidth="10" />
            <circle
              cx="60"
              cy="60"
              r={RING_RADIUS}
              fill="none"
              stroke="#a5b4fc"
              strokeWidth="10"
              strokeLinecap="round"
              strokeDasharray={RING_LENGTH}
              strokeDashoffset={RING_LENGTH * RING_DONE}
            />
          </svg>
          <div>
            <p className="text-xs font-medium uppercase tracking-wider text-indigo-200">Locked in</p>
            <p className="text-3xl font-bold tabular-nums">16:40</p>
            <p className="text-xs text-slate-300">Goal: first draft</p>
          </div>
        </div>
        <p className="mt-4 flex items-center gap-2 rounded-lg bg-white/10 px-3 py-2 text-sm">
          <FlameIcon className="h-5 w-5 text-orange-300" />
          <span>
            <span className="font-semibold">12-day</span> streak
          </span>
        </p>
      </div>
    </div>
  );
}
