// Lock-In on Today's Focus for every signed-in user: the general 'Lock In' button (not tied to a
// task), Focus Stats, and the Daily Streak card.
import { useQuery } from '@tanstack/react-query';
import { LOCKIN_COPY } from '../../../shared/lockin';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { ChartIcon, TimerIcon } from './icons';
import { useLockIn } from './LockInProvider';
import { StreakCard } from './StreakCard';

export function LockInPanel() {
  const lockIn = useLockIn();
  const trpc = useTRPC();
  const streak = useQuery(trpc.lockin.streak.queryOptions());
  return (
    <div className="mb-6 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-stretch" data-testid="lockin-panel">
      <StreakCard days={streak.data?.current ?? 0} loading={streak.isPending} headingLevel={2} />
      <div className="flex flex-row gap-2 sm:flex-col sm:justify-center">
        <Button size="lg" className="flex-1" onClick={() => lockIn.open()}>
          <TimerIcon />
          {lockIn.running ? 'Resume Lock-In' : LOCKIN_COPY.lockIn}
        </Button>
        <Button variant="outline" className="flex-1" onClick={lockIn.openStats}>
          <ChartIcon />
          Focus Stats
        </Button>
      </div>
    </div>
  );
}
