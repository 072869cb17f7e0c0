// The streak calendar (issue #50), opened from Focus Stats: a month grid of focus, rest, freeze and
// missed days with the current and longest streak. A grid with one tab stop: the arrow keys move
// by day and week, Home and End to the week's ends, Page Up and Page Down by month. Each day says
// its status in words (and a mark beside the colour), so nothing rests on colour alone.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { addDays, localDate, utcDate } from '../../../shared/local-date';
import {
  CALENDAR_COPY,
  STREAK_DAY_LABELS,
  STREAK_NOTES,
  type StreakDayStatus,
  WEEKDAY_NAMES,
} from '../../../shared/streak';
import { StatFigure } from './StatFigure';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { CardLoadFailed, CardLoading } from '../../ui/CardLoadState';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

const TONES: Record<StreakDayStatus, string> = {
  focus: 'bg-orange-700 text-white',
  rest: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  freeze: 'bg-cyan-100 text-cyan-900 ring-1 ring-cyan-500 dark:bg-cyan-900 dark:text-cyan-50',
  missed: 'bg-white text-slate-700 ring-1 ring-slate-300 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-600',
};

/** A mark beside each colour, for anyone who cannot tell the colours apart. */
const MARKS: Record<StreakDayStatus, string> = { focus: '✓', rest: 'R', freeze: '❄', missed: '✕' };

const STATUSES = Object.keys(MARKS) as StreakDayStatus[];

function shiftMonth(month: string, by: number): string {
  const d = utcDate(`${month}-01`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}

interface Cell {
  key: string;
  /** Null where a week runs into the month before or after. */
  date: string | null;
}

/** The month's days in weeks from Sunday. */
function weeksOf(month: string): Cell[][] {
  const first = `${month}-01`;
  const lead = utcDate(first).getUTCDay();
  const cells: Cell[] = Array.from({ length: lead }, (_, n) => ({ key: `before-${n}`, date: null }));
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) cells.push({ key: day, date: day });
  for (let n = 0; cells.length % 7 !== 0; n++) cells.push({ key: `after-${n}`, date: null });
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** The day a key moves the grid's focus to from `date`, or null for a key the grid does not take. */
function dayForKey(key: string, date: string): string | null {
  const weekday = utcDate(date).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday);
    case 'End':
      return addDays(date, 6 - weekday);
    case 'PageUp':
      return `${shiftMonth(date.slice(0, 7), -1)}-01`;
    case 'PageDown':
      return `${shiftMonth(date.slice(0, 7), 1)}-01`;
    default:
      return null;
  }
}

function browserToday(): string {
  return localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
}

export function StreakCalendar() {
  const trpc = useTRPC();
  // Null until the user moves: the server answers the month of the user's today.
  const [chosenMonth, setMonth] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const calendar = useQuery({
    ...trpc.lockin.streakCalendar.queryOptions(chosenMonth ? { month: chosenMonth } : {}),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const view = calendar.data;
  const today = view?.today ?? browserToday();
  const month = chosenMonth ?? today.slice(0, 7);
  const lastMonth = today.slice(0, 7);
  const firstMonth = view?.firstMonth && view.firstMonth < lastMonth ? view.firstMonth : lastMonth;
  const statusOf = useMemo(() => {
    const byDate = new Map<string, StreakDayStatus>();
    if (view?.month === month) for (const d of view.days) byDate.set(d.date, d.status);
    return byDate;
  }, [view, month]);
  const weeks = useMemo(() => weeksOf(month), [month]);
  const tabStop = focused?.startsWith(month) ? focused : today.startsWith(month) ? today : `${month}-01`;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${tabStop}"]`)?.focus();
  }, [tabStop]);

  const goTo = (date: string) => {
    const target = date.slice(0, 7);
    if (target < firstMonth || target > lastMonth) return;
    moved.current = true;
    setFocused(date);
    if (target !== month) setMonth(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = dayForKey(event.key, tabStop);
    if (next === null) return;
    event.preventDefault();
    goTo(next);
  };

  if (!view) {
    return calendar.isError ? (
      <CardLoadFailed message={CALENDAR_COPY.loadFailed} onRetry={() => void calendar.refetch()} />
    ) : (
      <CardLoading />
    );
  }
  const monthLabel = monthFormat.format(utcDate(`${month}-01`));
  const streak = view.streak;
  return (
    <section aria-labelledby="streak-calendar-title" className="space-y-3" data-testid="streak-calendar">
      <h3 id="streak-calendar-title" className="sr-only">
        {CALENDAR_COPY.title}
      </h3>
      <dl className="grid grid-cols-2 gap-2 text-center">
        <StatFigure
          label={CALENDAR_COPY.current}
          value={CALENDAR_COPY.days(streak.current)}
          testId="calendar-current"
        />
        <StatFigure
          label={CALENDAR_COPY.longest}
          value={CALENDAR_COPY.days(streak.longest)}
          testId="calendar-longest"
        />
      </dl>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={CALENDAR_COPY.previous}
          disabled={month <= firstMonth}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          ‹
        </Button>
        <p id="streak-calendar-month" className="font-semibold text-slate-900 dark:text-white" aria-live="polite">
          {monthLabel}
        </p>
        <Button
          variant="outline"
          size="sm"
          aria-label={CALENDAR_COPY.next}
          disabled={month >= lastMonth}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          ›
        </Button>
      </div>
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date-picker pattern: a table that is a grid, one tab stop, arrow keys between days
        role="grid"
        aria-labelledby="streak-calendar-month"
        aria-busy={calendar.isFetching}
        className="w-full table-fixed border-separate border-spacing-1"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((name) => (
              <th key={name} scope="col" abbr={name} className="text-xs font-medium muted">
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, date }) =>
                date === null ? (
                  <td key={key} />
                ) : (
                  <DayCell
                    key={key}
                    date={date}
                    status={statusOf.get(date) ?? null}
                    isToday={date === today}
                    tabStop={date === tabStop}
                    onFocus={() => setFocused(date)}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs muted" aria-label="Key">
        {STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-1">
            <span
              aria-hidden="true"
              className={`inline-flex h-5 w-5 items-center justify-center rounded-md text-[11px] font-bold ${TONES[status]}`}
            >
              {MARKS[status]}
            </span>
            {STREAK_DAY_LABELS[status]}
          </li>
        ))}
      </ul>
      <p className="text-xs muted" data-testid="calendar-freezes">
        {CALENDAR_COPY.freezesHeld(streak.freezes)}
        {streak.nextFreezeIn !== null && ` · ${STREAK_NOTES.nextFreeze(streak.nextFreezeIn)}`}
      </p>
    </section>
  );
}

function DayCell({
  date,
  status,
  isToday,
  tabStop,
  onFocus,
}: {
  date: string;
  status: StreakDayStatus | null;
  isToday: boolean;
  tabStop: boolean;
  onFocus: () => void;
}) {
  const label = `${dayFormat.format(utcDate(date))}${isToday ? ', today' : ''}${status ? `: ${STREAK_DAY_LABELS[status]}` : ''}`;
  return (
    <td
      data-date={date}
      data-status={status ?? 'none'}
      tabIndex={tabStop ? 0 : -1}
      onFocus={onFocus}
      className={`focus-ring h-10 rounded-lg p-0 text-center align-middle text-sm ${
        status ? TONES[status] : 'text-slate-500 dark:text-slate-400'
      } ${isToday ? 'outline outline-2 outline-offset-1 outline-brand-600 dark:outline-brand-300' : ''}`}
    >
      <span aria-hidden="true" className="flex flex-col items-center leading-tight">
        <span className="font-medium">{Number(date.slice(8))}</span>
        {status && <span className="text-[10px] font-bold">{MARKS[status]}</span>}
      </span>
      <span className="sr-only">{label}</span>
    </td>
  );
}
