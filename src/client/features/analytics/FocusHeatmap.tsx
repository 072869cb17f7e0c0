// 'Your Best Focus Hours': completed sessions by local weekday and start hour, 7 × 24 cells at six
// levels (spec section 4). Keyboard: the grid takes focus and the arrow keys move between cells,
// each announced as 'Mon 3pm: n session(s)'; the busiest cells are also listed as text.
import { type KeyboardEvent, useMemo, useState } from 'react';
import { type HeatmapCell, heatmapLevel, hourLabel, INSIGHTS_COPY, WEEKDAYS_SHORT } from '../../../shared/insights';
import { ANALYTICS_COPY } from './copy';

/** Level 0 is the empty cell's own colour; 1–5 step up the palette's first colour. */
const LEVEL_ALPHA = [0, 0.25, 0.45, 0.65, 0.85, 1];
const levelStyle = (level: number) =>
  level === 0 ? undefined : { backgroundColor: `rgba(99, 102, 241, ${LEVEL_ALPHA[level]})` };
const EMPTY_CELL = 'bg-slate-100 dark:bg-slate-800';
const LEVELS = LEVEL_ALPHA.map((_, level) => level);
const DAYS = [0, 1, 2, 3, 4, 5, 6]; // Monday first, as WEEKDAYS_SHORT
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const HOUR_MARKS = [0, 6, 12, 18];

export const cellLabel = (day: number, hour: number, count: number) =>
  `${WEEKDAYS_SHORT[day]} ${hourLabel(hour)}: ${count} session(s)`;

export function FocusHeatmap({ cells }: { cells: HeatmapCell[] | null }) {
  const [active, setActive] = useState<{ day: number; hour: number } | null>(null);
  const counts = useMemo(() => new Map((cells ?? []).map((c) => [`${c.day}:${c.hour}`, c.count])), [cells]);
  const countAt = (day: number, hour: number) => counts.get(`${day}:${hour}`) ?? 0;
  if (cells === null) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-red-700 dark:text-red-300">
        {INSIGHTS_COPY.heatmapError}
      </p>
    );
  }
  if (cells.length === 0) return <p className="py-6 text-center text-sm muted">{INSIGHTS_COPY.heatmapEmpty}</p>;

  const max = Math.max(...cells.map((c) => c.count));
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive((a) => {
      const from = a ?? { day: 0, hour: 0 };
      return {
        day: Math.min(6, Math.max(0, from.day + move[0])),
        hour: Math.min(23, Math.max(0, from.hour + move[1])),
      };
    });
  };
  const current = active ? cellLabel(active.day, active.hour, countAt(active.day, active.hour)) : '';
  const busiest = [...cells].sort((a, b) => b.count - a.count || a.day - b.day || a.hour - b.hour).slice(0, 5);

  return (
    <div>
      <p className="mb-2 min-h-5 text-sm font-medium text-slate-900 dark:text-white" data-testid="heatmap-readout">
        {current || 'Hover or focus the grid to see each hour.'}
      </p>
      <div
        tabIndex={0}
        role="group"
        aria-label="Focus heatmap, 7 days by 24 hours. Use the arrow keys to move between hours."
        onKeyDown={onKeyDown}
        onFocus={() => setActive((a) => a ?? (busiest[0] ? { day: busiest[0].day, hour: busiest[0].hour } : null))}
        onBlur={() => setActive(null)}
        className="focus-ring rounded-lg pb-1"
        data-testid="heatmap-grid"
      >
        {/* The whole day fits any width (a phone's cells are ~8 px): nothing scrolls out of sight.
            Hours are labelled every six, each label spanning its six columns. */}
        <div
          className="grid gap-[2px]"
          style={{ gridTemplateColumns: '2rem repeat(24, minmax(0, 1fr))' }}
          aria-hidden="true"
        >
          <span />
          {HOUR_MARKS.map((hour) => (
            <span key={hour} className="text-[10px] leading-3 muted" style={{ gridColumn: 'span 6' }}>
              {hourLabel(hour)}
            </span>
          ))}
          {DAYS.map((day) => (
            <div key={day} className="contents">
              <span className="pr-1 text-right text-[11px] leading-4 muted">{WEEKDAYS_SHORT[day]}</span>
              {HOURS.map((hour) => {
                const count = countAt(day, hour);
                const level = heatmapLevel(count, max);
                const isActive = active?.day === day && active.hour === hour;
                return (
                  <span
                    key={hour}
                    title={cellLabel(day, hour, count)}
                    data-level={level}
                    className={`h-4 rounded-sm ${level === 0 ? EMPTY_CELL : ''} ${isActive ? 'ring-2 ring-slate-900 dark:ring-white' : ''}`}
                    style={levelStyle(level)}
                    onMouseEnter={() => setActive({ day, hour })}
                    onMouseLeave={() => setActive(null)}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {current}
      </p>
      <div className="mt-2 flex items-center gap-1 text-xs muted">
        <span className="sr-only">Legend, six steps:</span>
        <span>Less</span>
        {LEVELS.map((level) => (
          <span
            key={level}
            aria-hidden="true"
            className={`h-3 w-3 rounded-sm ${level === 0 ? EMPTY_CELL : ''}`}
            style={levelStyle(level)}
          />
        ))}
        <span>More</span>
      </div>
      <details className="mt-2 text-sm">
        <summary className="focus-ring cursor-pointer rounded text-brand-700 dark:text-brand-300">
          {ANALYTICS_COPY.showTable}
        </summary>
        <ul className="mt-2 space-y-0.5 text-xs">
          {busiest.map((c) => (
            <li key={`${c.day}-${c.hour}`}>{cellLabel(c.day, c.hour, c.count)}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
