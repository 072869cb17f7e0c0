// Category Focus: a visx donut of focus time per category (palette of 8), a legend with each
// category's success rate, and the totals. Keyboard: the chart takes focus and the arrow keys
// walk the categories; the details of the active one are shown and announced.
import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { type KeyboardEvent, useState } from 'react';
import { CHART_PALETTE } from '../../../shared/constants';
import { type CategoryStat, INSIGHTS_COPY } from '../../../shared/insights';
import { formatFocusTime } from '../../../shared/lockin';
import { EmptyChart } from './Section';

const SIZE = 180;

export const colourOf = (i: number) => CHART_PALETTE[i % CHART_PALETTE.length] ?? CHART_PALETTE[0];

export function CategoryFocus({ stats }: { stats: CategoryStat[] }) {
  const [active, setActive] = useState<number | null>(null);
  if (stats.length === 0)
    return <EmptyChart title={INSIGHTS_COPY.categoryEmptyTitle} text={INSIGHTS_COPY.categoryEmptyText} />;
  const total = stats.reduce((a, s) => a + s.focusTime, 0);
  const current = active !== null ? stats[active] : undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'].includes(event.key)) return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1;
    setActive((a) => (a === null ? 0 : (a + step + stats.length) % stats.length));
  };
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <div
        tabIndex={0}
        role="group"
        aria-label={`Focus time by category, ${stats.length} categories. Use the arrow keys to read each one.`}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((a) => a ?? 0)}
        onBlur={() => setActive(null)}
        className="focus-ring relative shrink-0 rounded-full"
      >
        <svg width={SIZE} height={SIZE} aria-hidden="true">
          <Group top={SIZE / 2} left={SIZE / 2}>
            <Pie
              data={stats}
              pieValue={(d) => d.focusTime}
              outerRadius={SIZE / 2 - 4}
              innerRadius={SIZE / 2 - 34}
              padAngle={0.015}
            >
              {(pie) =>
                pie.arcs.map((arc, i) => (
                  <path
                    key={arc.data.category}
                    d={pie.path(arc) ?? undefined}
                    fill={colourOf(i)}
                    opacity={active === null || active === i ? 1 : 0.35}
                    stroke={active === i ? 'currentColor' : 'none'}
                    strokeWidth={2}
                    onMouseEnter={() => setActive(i)}
                    onMouseLeave={() => setActive(null)}
                  />
                ))
              }
            </Pie>
          </Group>
        </svg>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center px-10 text-center">
          {current ? (
            <>
              <span className="text-xs font-semibold text-slate-900 dark:text-white">{current.category}</span>
              <span className="text-xs muted">Focus Time: {formatFocusTime(current.focusTime)}</span>
              <span className="text-xs muted">Success Rate: {current.completionRate}%</span>
              <span className="text-xs muted">Tasks: {current.tasksCompleted}</span>
            </>
          ) : (
            <>
              <span className="text-lg font-bold text-slate-900 dark:text-white">{formatFocusTime(total)}</span>
              <span className="text-xs muted">focused</span>
            </>
          )}
        </div>
        <p aria-live="polite" className="sr-only">
          {current
            ? `${current.category}: Focus Time ${formatFocusTime(current.focusTime)}, Success Rate ${current.completionRate}%, Tasks ${current.tasksCompleted}`
            : ''}
        </p>
      </div>
      <div className="w-full min-w-0">
        <ul className="space-y-1.5" aria-label="Categories">
          {stats.map((s, i) => (
            // The whole name always shows: it takes the row's room (wrapping a long one), and the
            // figures move under it when both do not fit on one line.
            <li
              key={s.category}
              data-testid="category-legend-row"
              className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 rounded-md px-2 py-1 text-sm ${active === i ? 'bg-slate-100 dark:bg-slate-800' : ''}`}
              onMouseEnter={() => setActive(i)}
              onMouseLeave={() => setActive(null)}
            >
              <span className="flex min-w-[8rem] flex-1 items-center gap-2">
                <span
                  aria-hidden="true"
                  className="h-3 w-3 shrink-0 rounded-sm"
                  style={{ backgroundColor: colourOf(i) }}
                />
                <span
                  className="min-w-0 break-words font-medium text-slate-900 dark:text-white"
                  data-testid="category-name"
                >
                  {s.category}
                </span>
              </span>
              <span className="shrink-0 whitespace-nowrap ps-5 muted">
                {formatFocusTime(s.focusTime)} · {s.completionRate}% success
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-2 gap-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
          <div>
            <dt className="muted">Total Categories</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{stats.length}</dd>
          </div>
          <div>
            <dt className="muted">Total Focus Time</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{formatFocusTime(total)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
