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
      <StreakCard
        days={streak.data?.current ?? 0}
        note={streak.data?.note}
        loading={streak.isPending}
        headingLevel={2}
      />
      {/* Two equal tracks: side by side on a phone (both h-12), stacked beside the streak card
          (each half its height). Flex grew the bordered Focus Stats 2 px taller, and on a phone
          it was shorter than Lock In. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-1 sm:grid-rows-2">
        <Button size="lg" className="sm:h-auto" onClick={() => lockIn.open()}>
          <TimerIcon />
          {lockIn.running ? 'Resume Lock-In' : LOCKIN_COPY.lockIn}
        </Button>
        <Button variant="outline" className="h-12 sm:h-auto" onClick={lockIn.openStats}>
          <ChartIcon />
          Focus Stats
        </Button>
      </div>
    </div>
  );
}
