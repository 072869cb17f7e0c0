// The signed-in main screen: header, greeting, the trial-ended banner, and the two tabs (Today's
// Focus and the Task Bank). The plan (banner, upsell card) comes from the subscription status.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTaskShortcuts } from '../shortcuts/useTaskShortcuts';
import { DAILY_TASK_LIMIT, JUMP_TO_TOP_THRESHOLD_PX } from '../../../shared/constants';
import type { DailyTask } from '../../../shared/tasks';
import { Button } from '../../ui/Button';
import { SiteHeader } from '../../ui/SiteHeader';
import { Tabs } from '../../ui/Tabs';
import { usePageTitle } from '../../ui/usePageTitle';
import { useInsightsModals } from '../analytics/launcher';
import { AccountMenu } from '../auth/AccountMenu';
import { useLockIn } from '../lockin/LockInProvider';
import { browserTimeZone } from '../auth/session';
import { useAuth } from '../auth/useAuth';
import { BankTab } from './BankTab';
import { TASKS_COPY } from './copy';
import { DailyTab } from './DailyTab';
import { ArrowUpIcon, ChartIcon } from './icons';
import { greetingName } from './logic';
import { TrialEndedBanner } from './parts';
import { showTrialEndedBanner } from '../plans/logic';
import { usePlanStatus } from '../plans/usePlan';
import { useDailyReset } from './useDailyReset';
import { useBankList, useDailyList } from './useTasksData';
import { MAIN_ID } from '../../ui/SkipLink';
import { useFirstVisit } from './useFirstVisit';

// Loaded after the screen: rooms started in the user's circles (most people have none).
const CircleRoomsBanner = lazy(() => import('../rooms/CircleRoomsBanner'));

type TabKey = 'daily' | 'bank';

interface TasksHomeProps {
  /** Opens the analytics modal ('My Analytics': the dashboard on Premium, Quick Analytics on the free plan). */
  onOpenAnalytics?: () => void;
  /** Opens the Lock-In dialog for a task (premium). */
  onLockIn?: (task: DailyTask) => void;
  /** Opens the AI suggestions modal (premium). */
  onOpenAiSuggestions?: () => void;
}

export function TasksHome({ onOpenAnalytics, onLockIn, onOpenAiSuggestions }: TasksHomeProps) {
  usePageTitle(TASKS_COPY.pageTitle);
  const { user } = useAuth();
  const premium = user?.premium ?? false;
  const firstVisit = useFirstVisit(user?.id ?? '');
  const insights = useInsightsModals(premium);
  const { plan } = usePlanStatus();
  const timeZone = user?.timeZone || browserTimeZone();
  const [tab, setTab] = useState<TabKey>('daily');
  // 'm' opens what the My Analytics button opens: the dashboard, or the free plan's Quick Analytics.
  const { request, handled } = useTaskShortcuts({ setTab, onOpenAnalytics: onOpenAnalytics ?? insights.openAnalytics });
  const bank = useBankList();
  const daily = useDailyList();
  const now = useDailyReset(daily.data);
  const lockIn = useLockIn();
  const lockInOnTask =
    onLockIn ??
    ((task: DailyTask) => lockIn.open({ task: { id: task.id, title: task.title, category: task.category } }));

  const dailyCount = daily.data?.tasks.length;
  const bankCount = bank.data?.total;

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <SiteHeader className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={onOpenAnalytics ?? insights.openAnalytics}>
            <ChartIcon />
            {/* Icon only on narrow screens, where the header also holds the account menu. */}
            <span className="sr-only sm:not-sr-only">{TASKS_COPY.myAnalytics}</span>
          </Button>
          <AccountMenu />
        </div>
      </SiteHeader>

      <main id={MAIN_ID} className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
        <TrialEndedBanner show={showTrialEndedBanner(plan)} />
        <Suspense fallback={null}>
          <CircleRoomsBanner />
        </Suspense>
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {firstVisit ? 'Welcome' : 'Welcome back'}, {greetingName(user)}!
        </h1>

        <Tabs<TabKey>
          label={TASKS_COPY.tabsLabel}
          value={tab}
          onChange={setTab}
          items={[
            { key: 'daily', label: `Daily Tasks (${dailyCount ?? 0}/${DAILY_TASK_LIMIT})` },
            { key: 'bank', label: `Task Bank (${bankCount ?? 0})` },
          ]}
        >
          {tab === 'daily' ? (
            <DailyTab
              daily={daily}
              bank={bank}
              premium={premium}
              plan={plan}
              now={now}
              timeZone={timeZone}
              onLockIn={lockInOnTask}
              openPicker={request === 'addTaskPicker'}
              onOpenHandled={handled}
            />
          ) : (
            <BankTab
              bank={bank}
              premium={premium}
              timeZone={timeZone}
              onOpenAiSuggestions={onOpenAiSuggestions ?? insights.openAiSuggestions}
              openForm={request === 'newBankTask'}
              onOpenHandled={handled}
            />
          )}
        </Tabs>
      </main>

      {tab === 'bank' && (
        <>
          {/* Room below the last card, so the jump-to-top button never sits on its category badge. */}
          <div aria-hidden="true" className="h-20" />
          <JumpToTop />
        </>
      )}
      {insights.modals}
    </div>
  );
}

function JumpToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > JUMP_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={TASKS_COPY.jumpToTop}
      title={TASKS_COPY.jumpToTop}
      className="btn btn-primary fixed bottom-6 left-6 z-40 h-12 w-12 rounded-full p-0 shadow-lg"
      onClick={() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('task-bank-title')?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon />
    </button>
  );
}
