// Activity Trends: the last 7 days as a visx area chart (sessions, focus time) or bar chart
// (tasks), with Total, Daily Average, Best Day and a Quick Insights line. Keyboard: the chart
// takes focus and the arrow keys walk the days; every number is also in a table below.
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { AreaClosed, Bar, LinePath } from '@visx/shape';
import { type KeyboardEvent, useState } from 'react';
import { CHART_PALETTE } from '../../../shared/constants';
import { type ActivityDay, dayLabel, INSIGHTS_COPY } from '../../../shared/insights';
import { formatFocusTime } from '../../../shared/lockin';
import { ANALYTICS_COPY } from './copy';
import { ChartTooltip, EmptyChart, useWidth } from './Section';

type Metric = 'sessions' | 'focus' | 'tasks';
const METRICS: Record<Metric, { label: string; colour: string }> = {
  sessions: { label: 'Sessions', colour: CHART_PALETTE[0] },
  focus: { label: 'Focus Time', colour: CHART_PALETTE[1] },
  tasks: { label: 'Tasks', colour: CHART_PALETTE[2] },
};
/** The toggle's order. */
const METRIC_KEYS: Metric[] = ['sessions', 'focus', 'tasks'];

const valueIn = (d: ActivityDay, m: Metric) =>
  m === 'sessions' ? d.sessionsCompleted : m === 'focus' ? d.focusTime : d.tasksCompleted;
const format = (v: number, m: Metric) => (m === 'focus' ? formatFocusTime(v) : String(Math.round(v * 10) / 10));
const unit = (v: number, m: Metric) =>
  m === 'focus'
    ? formatFocusTime(v)
    : m === 'sessions'
      ? `${v} ${v === 1 ? 'session' : 'sessions'}`
      : `${v} ${v === 1 ? 'task' : 'tasks'}`;

/** 'Wed, Nov 18' as two lines, 'Wed,' and ' Nov 18' (the space keeps the label whole as text). */
/** Below this many pixels a day, the month-and-day line shows on every other day (ending today), so no two run together. */
const AXIS_DATE_MIN_PX = 46;

function axisLines(date: string): [string, string] {
  const label = dayLabel(date);
  const comma = label.indexOf(',');
  return [label.slice(0, comma + 1), label.slice(comma + 1)];
}

function bestOf(days: ActivityDay[], m: Metric): ActivityDay | null {
  let best: ActivityDay | null = null;
  for (const d of days) if (valueIn(d, m) > 0 && (!best || valueIn(d, m) > valueIn(best, m))) best = d;
  return best;
}

const HEIGHT = 182;
// Room under the axis for two lines of day labels ('Wed,' over 'Nov 18').
const MARGIN = { top: 12, right: 12, bottom: 36, left: 12 };

export function ActivityTrends({ days }: { days: ActivityDay[] }) {
  const [metric, setMetric] = useState<Metric>('sessions');
  const [active, setActive] = useState<number | null>(null);
  const [ref, width] = useWidth<HTMLDivElement>();
  const empty = days.every((d) => d.sessionsCompleted === 0 && d.focusTime === 0 && d.tasksCompleted === 0);
  if (empty) return <EmptyChart title={INSIGHTS_COPY.activityEmptyTitle} text={INSIGHTS_COPY.activityEmptyText} />;

  const { label, colour } = METRICS[metric];
  const values = days.map((d) => valueIn(d, metric));
  const total = values.reduce((a, v) => a + v, 0);
  const best = bestOf(days, metric);
  const mostSessions = bestOf(days, 'sessions');
  const longestFocus = bestOf(days, 'focus');
  const mostTasks = bestOf(days, 'tasks');

  const innerW = Math.max(100, width - MARGIN.left - MARGIN.right);
  const roomy = innerW / Math.max(1, days.length) >= AXIS_DATE_MIN_PX;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...values);
  const y = scaleLinear<number>({ domain: [0, max * 1.1], range: [innerH, 0] });
  const xPoint = scalePoint<string>({ domain: days.map((d) => d.date), range: [0, innerW], padding: 0.3 });
  const xBand = scaleBand<string>({ domain: days.map((d) => d.date), range: [0, innerW], padding: 0.3 });
  const xOf = (d: ActivityDay) =>
    metric === 'tasks' ? (xBand(d.date) ?? 0) + xBand.bandwidth() / 2 : (xPoint(d.date) ?? 0);
  const current = active !== null ? days[active] : undefined;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : -1;
    setActive((a) => (a === null ? 0 : Math.min(days.length - 1, Math.max(0, a + step))));
  };

  return (
    <div>
      <fieldset aria-label="Metric" className="mb-3 inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {METRIC_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={metric === key}
            onClick={() => setMetric(key)}
            className={`focus-ring rounded-md px-2.5 py-1 text-xs font-medium ${
              metric === key
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                : 'text-slate-700 dark:text-slate-300'
            }`}
          >
            {METRICS[key].label}
          </button>
        ))}
      </fieldset>
      <dl className="mb-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="muted">Total</dt>
          <dd className="font-semibold text-slate-900 dark:text-white" data-testid="trend-total">
            {format(total, metric)}
          </dd>
        </div>
        <div>
          <dt className="muted">Daily Average</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">{format(total / days.length, metric)}</dd>
        </div>
        <div>
          <dt className="muted">Best Day</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">{best ? dayLabel(best.date) : '—'}</dd>
        </div>
      </dl>
      <div
        ref={ref}
        tabIndex={0}
        role="group"
        aria-label={`${label} over the last 7 days. Use the arrow keys to read each day.`}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((a) => a ?? days.length - 1)}
        onBlur={() => setActive(null)}
        className="focus-ring relative rounded-lg"
      >
        <svg width={width} height={HEIGHT} aria-hidden="true">
          <Group left={MARGIN.left} top={MARGIN.top}>
            <line x1={0} x2={innerW} y1={innerH} y2={innerH} className="stroke-slate-300 dark:stroke-slate-600" />
            {metric === 'tasks' ? (
              days.map((d, i) => (
                <Bar
                  key={d.date}
                  x={xBand(d.date) ?? 0}
                  y={y(d.tasksCompleted)}
                  width={xBand.bandwidth()}
                  height={innerH - y(d.tasksCompleted)}
                  fill={colour}
                  opacity={active === null || active === i ? 1 : 0.5}
                  rx={3}
                />
              ))
            ) : (
              <>
                <AreaClosed<ActivityDay>
                  data={days}
                  x={xOf}
                  y={(d) => y(valueIn(d, metric))}
                  yScale={y}
                  fill={colour}
                  fillOpacity={0.2}
                />
                <LinePath<ActivityDay>
                  data={days}
                  x={xOf}
                  y={(d) => y(valueIn(d, metric))}
                  stroke={colour}
                  strokeWidth={2}
                />
                {days.map((d, i) => (
                  <circle key={d.date} cx={xOf(d)} cy={y(valueIn(d, metric))} r={active === i ? 5 : 3} fill={colour} />
                ))}
              </>
            )}
            {days.map((d, i) => (
              <g key={d.date}>
                {/* The spec's short weekday, month and day ('Wed, Nov 18'), on two lines so seven fit a phone. */}
                <text
                  y={innerH + 15}
                  textAnchor="middle"
                  data-testid="trend-axis-label"
                  className="fill-slate-600 text-[10px] dark:fill-slate-300"
                >
                  {axisLines(d.date)
                    .filter((_, n) => n === 0 || roomy || i % 2 === (days.length - 1) % 2)
                    .map((line, n) => (
                      <tspan key={line} x={xOf(d)} dy={n === 0 ? 0 : 12}>
                        {line}
                      </tspan>
                    ))}
                </text>
                <rect
                  x={xOf(d) - innerW / days.length / 2}
                  y={0}
                  width={innerW / days.length}
                  height={innerH}
                  fill="transparent"
                  onMouseEnter={() => setActive(i)}
                  onMouseLeave={() => setActive(null)}
                />
              </g>
            ))}
          </Group>
        </svg>
        {current && (
          <ChartTooltip x={MARGIN.left + xOf(current)} y={MARGIN.top + y(valueIn(current, metric))}>
            {dayLabel(current.date)}: {unit(valueIn(current, metric), metric)}
          </ChartTooltip>
        )}
        <p aria-live="polite" className="sr-only">
          {current ? `${dayLabel(current.date)}: ${unit(valueIn(current, metric), metric)}` : ''}
        </p>
      </div>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="quick-insights">
        <strong>Quick Insights:</strong>{' '}
        {[
          mostSessions &&
            `most productive day ${dayLabel(mostSessions.date)} (${unit(mostSessions.sessionsCompleted, 'sessions')})`,
          longestFocus &&
            `longest focus day ${dayLabel(longestFocus.date)} (${formatFocusTime(longestFocus.focusTime)})`,
          mostTasks && `most tasks in a single day: ${mostTasks.tasksCompleted}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <details className="mt-2 text-sm">
        <summary className="focus-ring cursor-pointer rounded text-brand-700 dark:text-brand-300">
          {ANALYTICS_COPY.showTable}
        </summary>
        <table className="mt-2 w-full text-left text-xs">
          <caption className="sr-only">Activity over the last 7 days</caption>
          <thead>
            <tr className="muted">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 font-medium">
                Sessions
              </th>
              <th scope="col" className="py-1 font-medium">
                Focus Time
              </th>
              <th scope="col" className="py-1 font-medium">
                Tasks
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date} className="border-t border-slate-200 dark:border-slate-700">
                <th scope="row" className="py-1 font-medium">
                  {dayLabel(d.date)}
                </th>
                <td className="py-1">{d.sessionsCompleted}</td>
                <td className="py-1">{formatFocusTime(d.focusTime)}</td>
                <td className="py-1">{d.tasksCompleted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
