// Focus Stats: the 10 most recent sessions (the server's for a signed-in user, this browser's for
// a visitor) with a small summary and the Daily Streak card.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { categoryStyle } from '../../../shared/categories';
import { FOCUS_STATS_LIMIT } from '../../../shared/constants';
import { formatFocusTime, LOCKIN_COPY, minutesFromSeconds, sessionTitle } from '../../../shared/lockin';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useTRPC } from '../../lib/trpc';
import { readLocalSessions, readLocalStreak } from './local-history';
import { StatFigure } from './StatFigure';
import { StreakCard } from './StreakCard';
import { StreakCalendar } from './StreakCalendar';
import { CALENDAR_COPY } from '../../../shared/streak';

interface Row {
  id: string;
  title: string;
  category: string | null;
  start: string;
  goalMinutes: number;
  actualMinutes: number;
  outcome: 'completed' | 'quit' | 'active';
  /** From a file this server did not sign: history only, not counted toward the streak. */
  imported?: boolean;
}

export function FocusStatsDialog({
  open,
  onClose,
  signedIn,
  timeZoneNow,
}: {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  /** The zone a visitor's own figures are counted in; read only when they are shown. */
  timeZoneNow: () => string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={LOCKIN_COPY.statsTitle}
      description={`Your ${FOCUS_STATS_LIMIT} most recent Lock-In sessions.`}
      size="lg"
    >
      {open && (signedIn ? <ServerStats /> : <LocalStats timeZoneNow={timeZoneNow} />)}
    </Dialog>
  );
}

function ServerStats() {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.lockin.list.queryOptions({ limit: FOCUS_STATS_LIMIT }), staleTime: 0 });
  const streak = useQuery({ ...trpc.lockin.streak.queryOptions(), staleTime: 0 });
  const rows = useMemo<Row[]>(
    () =>
      (list.data ?? []).map((s) => ({
        id: s.id,
        title: sessionTitle(s.goalText, s.taskTitle),
        category: s.category,
        start: s.startTime,
        goalMinutes: s.goalMinutes,
        actualMinutes: s.actualMinutes ?? 0,
        outcome: s.status,
        imported: s.imported === true,
      })),
    [list.data],
  );
  return (
    <StatsBody
      rows={rows}
      streak={streak.data?.current ?? 0}
      note={streak.data?.note ?? null}
      calendar
      streakLoading={streak.isPending}
      loading={list.isPending}
      error={list.isError}
      onRetry={() => void list.refetch()}
    />
  );
}

function LocalStats({ timeZoneNow }: { timeZoneNow: () => string }) {
  const rows = useMemo<Row[]>(
    () =>
      readLocalSessions(localStorage)
        .slice(0, FOCUS_STATS_LIMIT)
        .map((s) => ({
          id: String(s.id),
          title: sessionTitle(s.goal, s.taskName),
          category: null,
          start: s.timestamp,
          goalMinutes: minutesFromSeconds(s.duration),
          actualMinutes: minutesFromSeconds(s.actualDuration),
          outcome: s.completed ? 'completed' : 'quit',
        })),
    [],
  );
  return (
    <StatsBody
      rows={rows}
      streak={readLocalStreak(localStorage, timeZoneNow(), new Date())}
      loading={false}
      error={false}
      onRetry={() => {}}
    />
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function StatsBody({
  rows,
  streak,
  note = null,
  calendar = false,
  streakLoading = false,
  loading,
  error,
  onRetry,
}: {
  rows: Row[];
  streak: number;
  note?: string | null;
  /** Offer the streak calendar (a signed-in user's history is on the server). */
  calendar?: boolean;
  streakLoading?: boolean;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const completed = rows.filter((r) => r.outcome === 'completed').length;
  const focusMinutes = rows.reduce((sum, r) => sum + r.actualMinutes, 0);
  return (
    <div className="space-y-4">
      <StreakCard days={streak} note={note} loading={streakLoading} />
      {calendar && <CalendarDisclosure />}
      {loading ? (
        <p role="status" className="py-6 text-center text-sm muted">
          Loading your sessions…
        </p>
      ) : error ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-800 dark:text-red-200"
        >
          <p className="text-sm font-medium">Could not load your sessions.</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-xl border-2 border-dashed border-slate-300 px-6 py-8 text-center dark:border-slate-700">
          <p className="font-medium text-slate-900 dark:text-white">No sessions yet.</p>
          <p className="mt-1 text-sm muted">Start a Lock-In session and it will show up here.</p>
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2 text-center">
            <StatFigure label="Sessions" value={String(rows.length)} />
            <StatFigure label="Completed" value={String(completed)} />
            <StatFigure label="Focus Time" value={formatFocusTime(focusMinutes)} />
          </dl>
          <ul
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
            aria-label="Recent sessions"
          >
            {rows.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="stats-row">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900 dark:text-white">{r.title}</p>
                  <p className="text-xs muted">
                    {dateFormat.format(new Date(r.start))} · {formatFocusTime(r.actualMinutes)} of{' '}
                    {formatFocusTime(r.goalMinutes)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  {r.category && <span className={`badge ${categoryStyle(r.category)}`}>{r.category}</span>}
                  {r.imported && (
                    <span
                      className="badge bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                      title={LOCKIN_COPY.importedHint}
                    >
                      {LOCKIN_COPY.imported}
                    </span>
                  )}
                  <Outcome outcome={r.outcome} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function CalendarDisclosure() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls="streak-calendar-panel"
        onClick={() => setOpen((v) => !v)}
      >
        {CALENDAR_COPY.open}
      </Button>
      <div id="streak-calendar-panel" hidden={!open} className="mt-3">
        {open && <StreakCalendar />}
      </div>
    </div>
  );
}

function Outcome({ outcome }: { outcome: Row['outcome'] }) {
  if (outcome === 'completed')
    return (
      <span className="badge bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">Completed</span>
    );
  if (outcome === 'quit')
    return <span className="badge bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100">Ended early</span>;
  return <span className="badge bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100">Running</span>;
}
