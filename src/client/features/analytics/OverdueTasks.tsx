// Overdue Tasks: the count, the top 5 oldest with their due date and days overdue (yellow below
// 3 days, orange 3–6, red from 7), how many more there are, Longest Overdue and Avg. Delay.
import { OVERDUE_TOP } from '../../../shared/constants';
import { utcDate } from '../../../shared/local-date';
import { daysOverdueLabel, INSIGHTS_COPY, type OverdueTask, overdueColour } from '../../../shared/insights';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { CategoryBadge } from '../tasks/parts';
import { ANALYTICS_COPY } from './copy';
import { Section } from './Section';

const TONE: Record<ReturnType<typeof overdueColour>, BadgeTone> = {
  yellow: 'warning',
  orange: 'orange',
  red: 'danger',
};

function dueLabel(date: string): string {
  return utcDate(date).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function OverdueTasks({ tasks, total, avgDelay }: { tasks: OverdueTask[]; total: number; avgDelay: number }) {
  return (
    <Section
      title={ANALYTICS_COPY.overdueTasks}
      testId="overdue-tasks"
      action={<Badge tone={total > 0 ? 'danger' : 'neutral'}>{total}</Badge>}
    >
      {tasks.length === 0 ? (
        <div className="py-4 text-center">
          <p className="font-medium text-emerald-700 dark:text-emerald-300">{INSIGHTS_COPY.overdueEmptyTitle}</p>
          <p className="mt-1 text-sm muted">{INSIGHTS_COPY.overdueEmptyText}</p>
        </div>
      ) : (
        <>
          <ul className="space-y-2">
            {tasks.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-2.5 dark:border-slate-700"
                data-colour={overdueColour(t.daysOverdue)}
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{t.title}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs muted">
                    <CategoryBadge category={t.category} />
                    Due {dueLabel(t.dueDate)}
                  </p>
                </div>
                <Badge tone={TONE[overdueColour(t.daysOverdue)]}>{daysOverdueLabel(t.daysOverdue)}</Badge>
              </li>
            ))}
          </ul>
          {total > OVERDUE_TOP && (
            <p className="mt-2 text-sm muted">
              Plus {total - OVERDUE_TOP} more overdue tasks (showing top {OVERDUE_TOP})
            </p>
          )}
        </>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
        <div>
          <dt className="muted">Longest Overdue</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">
            {tasks[0] ? days(tasks[0].daysOverdue) : '—'}
          </dd>
        </div>
        <div>
          <dt className="muted">Avg. Delay</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">{days(avgDelay)}</dd>
        </div>
      </dl>
    </Section>
  );
}
