// Daily Streak card: consecutive days with a completed session, its level (Beginner 0–2,
// Starter 3–6, Achiever 7–13, Champion 14–29, Master 30+), the 7-day milestone bar, and a line on
// what happened (a rest day, a freeze spent, the next freeze: src/shared/streak.ts).
import { LOCKIN_COPY, milestoneProgress, STREAK_MILESTONE_DAYS, streakLevel } from '../../../shared/lockin';
import { FlameIcon } from './icons';

/** Days 1…N of the milestone bar, one segment each. */
const MILESTONE_STEPS = Array.from({ length: STREAK_MILESTONE_DAYS }, (_, i) => i + 1);

const LEVEL_TONES: Record<string, string> = {
  Beginner: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  Starter: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  Achiever: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  Champion: 'bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100',
  Master: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
};

export function StreakCard({
  days,
  note = null,
  loading = false,
  headingLevel = 3,
}: {
  days: number;
  /** What happened: 'Rest day', 'Freeze used on Tuesday, 1 left', 'Next freeze in 3 days'. */
  note?: string | null;
  loading?: boolean;
  headingLevel?: 2 | 3;
}) {
  const level = streakLevel(days);
  const { filled, nextMilestone } = milestoneProgress(days);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="streak-title" className="card p-4" data-testid="streak-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-900 dark:text-orange-200">
            <FlameIcon className="h-5 w-5" />
          </span>
          <div>
            <Heading id="streak-title" className="text-sm font-medium muted">
              {LOCKIN_COPY.streakTitle}
            </Heading>
            <p className="text-2xl font-bold text-slate-900 dark:text-white" data-testid="streak-days">
              {loading ? '…' : `${days} ${days === 1 ? 'day' : 'days'}`}
            </p>
          </div>
        </div>
        <span className={`badge ${LEVEL_TONES[level]}`} data-testid="streak-level">
          {level}
        </span>
      </div>
      <div
        className="mt-3 grid grid-cols-7 gap-1"
        role="progressbar"
        aria-label={`Progress to your ${nextMilestone}-day milestone`}
        aria-valuemin={0}
        aria-valuemax={STREAK_MILESTONE_DAYS}
        aria-valuenow={filled}
      >
        {MILESTONE_STEPS.map((step) => (
          <span
            key={step}
            className={`h-2 rounded-full ${step <= filled ? 'bg-orange-500' : 'bg-slate-200 dark:bg-slate-700'}`}
          />
        ))}
      </div>
      <p className="mt-2 text-xs muted">
        {filled === STREAK_MILESTONE_DAYS
          ? `${days}-day milestone reached!`
          : `${nextMilestone - days} more ${nextMilestone - days === 1 ? 'day' : 'days'} to your ${nextMilestone}-day milestone`}
      </p>
      {note && !loading && (
        <p className="mt-1 text-xs font-medium text-sky-800 dark:text-sky-200" data-testid="streak-note">
          {note}
        </p>
      )}
    </section>
  );
}
