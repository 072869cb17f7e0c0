// The analytics modal ('Productivity Dashboard' / 'Quick Analytics'): loaded lazily from
// launcher.tsx. One request answers everything; the 'This Week' / 'All Time' toggle switches the
// summary cards without refetching (docs/decisions/2026-11-22-analytics-figures.md).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { INSIGHTS_COPY, type Analytics, type PremiumAnalytics } from '../../../shared/insights';
import { formatFocusTime, streakLevel } from '../../../shared/lockin';
import { ROUTES } from '../../../shared/routes';
import { useTRPC } from '../../lib/trpc';
import { Button, ButtonLink, Spinner } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ActivityTrends } from './ActivityTrends';
import { CategoryFocus } from './CategoryFocus';
import { ANALYTICS_COPY } from './copy';
import { FocusHeatmap } from './FocusHeatmap';
import { OverdueTasks } from './OverdueTasks';
import { QuitInsightsCard } from './QuitInsights';
import { Section } from './Section';

type Period = 'week' | 'all';

export default function AnalyticsModal({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  // Fetched only while the modal is open; fresh at every opening (sessions and tasks change).
  const query = useQuery({ ...trpc.insights.analytics.queryOptions(), staleTime: 0, refetchOnWindowFocus: false });
  const [period, setPeriod] = useState<Period>('week');
  const data = query.data;
  const title = data && !data.premium ? ANALYTICS_COPY.freeTitle : ANALYTICS_COPY.premiumTitle;

  return (
    <Dialog open onClose={onClose} title={title} size="xl">
      <PeriodToggle value={period} onChange={setPeriod} />
      <div className="mt-5" data-testid="analytics-body">
        {query.isPending ? (
          <p role="status" className="flex items-center justify-center gap-2 py-16 text-sm muted">
            <Spinner />
            {INSIGHTS_COPY.loading}
          </p>
        ) : query.isError || !data ? (
          <div role="alert" className="py-12 text-center">
            <p className="font-semibold text-red-700 dark:text-red-300">{INSIGHTS_COPY.errorTitle}</p>
            <p className="mt-1 text-sm muted">{INSIGHTS_COPY.errorText}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-4"
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {ANALYTICS_COPY.retry}
            </Button>
          </div>
        ) : data.premium ? (
          <PremiumView data={data} period={period} />
        ) : (
          <FreeView data={data} period={period} />
        )}
      </div>
    </Dialog>
  );
}

function PeriodToggle({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  return (
    <fieldset
      aria-label={ANALYTICS_COPY.periodLabel}
      className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
    >
      {(
        [
          ['week', ANALYTICS_COPY.thisWeek],
          ['all', ANALYTICS_COPY.allTime],
        ] as const
      ).map(([key, label]) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          onClick={() => onChange(key)}
          className={`focus-ring rounded-md px-3 py-1.5 text-sm font-medium ${
            value === key
              ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
              : 'text-slate-700 dark:text-slate-300'
          }`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

function StatCard({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    // Values sit at the bottom, so a row's figures line up when one label wraps ('Sessions Ended
    // Early' at 1280 px put its figure a line lower than its neighbours).
    <div className="card flex flex-col justify-between p-4" data-testid={testId}>
      <p className="text-xs font-medium uppercase tracking-wide muted">{label}</p>
      <p
        className="mt-1 whitespace-nowrap text-xl font-bold text-slate-900 sm:text-2xl dark:text-white"
        data-testid="stat-value"
      >
        {value}
      </p>
    </div>
  );
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function FreeView({ data, period }: { data: Analytics; period: Period }) {
  const week = period === 'week';
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Sessions"
          value={String(week ? data.weeklyStats.sessionsThisWeek : data.totalSessionsCompleted)}
          testId="stat-sessions"
        />
        <StatCard label="Current Streak" value={days(data.dailyStreak)} testId="stat-streak" />
        <StatCard
          label="Tasks Done"
          value={String(week ? data.weeklyStats.tasksCompletedThisWeek : data.tasksCompleted)}
          testId="stat-tasks"
        />
        <StatCard
          label="Focus Time"
          value={formatFocusTime(week ? data.weeklyStats.focusTimeThisWeek : data.totalFocusTime)}
          testId="stat-focus"
        />
      </div>
      <div className="card border-brand-200 bg-brand-50 p-5 dark:border-brand-800 dark:bg-brand-950">
        <h3 className="font-semibold text-slate-900 dark:text-white">{ANALYTICS_COPY.unlockTitle}</h3>
        <ul className="mt-3 grid gap-2 text-sm text-slate-800 sm:grid-cols-2 dark:text-slate-200">
          {ANALYTICS_COPY.unlockItems.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <span aria-hidden="true" className="text-brand-600 dark:text-brand-300">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
        <ButtonLink to={ROUTES.subscribe} size="sm" className="mt-4">
          {ANALYTICS_COPY.upgrade}
        </ButtonLink>
      </div>
    </div>
  );
}

/** Streak card colours change at 1, 3 and 7 days (spec section 2). */
function streakTone(n: number): string {
  if (n >= 7) return 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100';
  if (n >= 3)
    return 'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-100';
  if (n >= 1)
    return 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100';
  return 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
}

/** 'Today' is the last of the recent days (the user's local dates, from the server). */
function StreakWidget({ streak, doneToday }: { streak: number; doneToday: boolean }) {
  return (
    <div className={`rounded-xl border p-4 ${streakTone(streak)}`} data-testid="streak-widget">
      <p className="text-sm font-medium">Daily streak</p>
      <p className="mt-1 flex items-baseline gap-2">
        <svg viewBox="0 0 24 24" className="h-6 w-6 self-center" fill="currentColor" aria-hidden="true">
          <path d="M12 2c1 3.5-1.5 5.5-1.5 8a2 2 0 0 0 4 0c0-.8-.2-1.5-.5-2.2C16.6 9.4 19 12.2 19 15.5 19 19.1 15.9 22 12 22s-7-2.9-7-6.5C5 10.7 9.6 7.7 12 2Z" />
        </svg>
        <span className="text-3xl font-bold">{streak}</span>
        <span className="text-sm">{streak === 1 ? 'day' : 'days'}</span>
      </p>
      <p className="mt-1 text-sm">
        Level: <strong>{streakLevel(streak)}</strong>
        {streak === 0
          ? ' · Complete a Lock-In session today to start a streak.'
          : doneToday
            ? ` · Today counts already: come back tomorrow to make it ${streak + 1}.`
            : ' · Keep it going with a session today.'}
      </p>
    </div>
  );
}

function PremiumView({ data, period }: { data: PremiumAnalytics; period: Period }) {
  const week = period === 'week';
  const w = data.weeklyStats;
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        <StatCard
          label={week ? 'Sessions This Week' : 'Total Sessions'}
          value={String(week ? w.sessionsThisWeek : data.totalSessionsCompleted)}
          testId="stat-sessions"
        />
        <StatCard label="Current Streak" value={days(data.dailyStreak)} testId="stat-streak" />
        <StatCard
          label={week ? 'Tasks This Week' : 'Tasks Completed'}
          value={String(week ? w.tasksCompletedThisWeek : data.tasksCompleted)}
          testId="stat-tasks"
        />
        <StatCard
          label={week ? 'Focus Time This Week' : 'Total Focus Time'}
          value={formatFocusTime(week ? w.focusTimeThisWeek : data.totalFocusTime)}
          testId="stat-focus"
        />
        <StatCard
          label="Sessions Ended Early"
          value={String(week ? (w.sessionsEndedEarlyThisWeek ?? 0) : data.sessionsEndedEarly)}
          testId="stat-ended-early"
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <StreakWidget streak={data.dailyStreak} doneToday={(data.recentActivity.at(-1)?.sessionsCompleted ?? 0) > 0} />
        <div
          className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-950 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-50"
          data-testid="best-hours"
        >
          <p className="text-sm font-medium">{ANALYTICS_COPY.bestHoursTitle}</p>
          <p className="mt-1 font-semibold">{data.bestHours.sentence}</p>
          <p className="mt-1 text-sm">Average session: {formatFocusTime(data.avgSessionDuration)}</p>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={ANALYTICS_COPY.categoryFocus} testId="category-focus">
          <CategoryFocus stats={data.categoryStats} />
        </Section>
        <Section title={ANALYTICS_COPY.activityTrends} testId="activity-trends">
          <ActivityTrends days={data.recentActivity} />
        </Section>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <OverdueTasks tasks={data.overdueTasks} total={data.tasksOverdue} avgDelay={data.avgCompletionDelay} />
        <QuitInsightsCard quit={data.quitInsights} />
      </div>
      <Section title={ANALYTICS_COPY.heatmapTitle} testId="focus-heatmap">
        <FocusHeatmap cells={Array.isArray(data.heatmap) ? data.heatmap : null} />
      </Section>
    </div>
  );
}
