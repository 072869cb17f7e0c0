// On the tasks screen: a room someone started in one of your circles, with a way in. It updates
// live (the circle's events refetch the list), so it is how the app tells you, beside the push.
import { useQuery } from '@tanstack/react-query';
import { CIRCLE_COPY } from '../../../shared/circles';
import { ROUTES } from '../../../shared/routes';
import { useTRPC } from '../../lib/trpc';
import { ButtonLink } from '../../ui/Button';

export default function CircleRoomsBanner() {
  const trpc = useTRPC();
  const circles = useQuery(trpc.circles.list.queryOptions());
  const waiting = (circles.data ?? []).flatMap((c) => c.roomsToJoin.map((room) => ({ room, circle: c.name })));
  if (waiting.length === 0) return null;
  return (
    <section
      aria-label={CIRCLE_COPY.roomsTitle}
      className="mb-6 space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-800 dark:bg-brand-950"
    >
      {waiting.map(({ room, circle }) => (
        <div key={room.id} className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-slate-900 dark:text-white">
            {CIRCLE_COPY.banner(room.hostName, circle)}
          </p>
          <ButtonLink to={`${ROUTES.joinRoom}?room=${room.id}`} size="sm">
            {CIRCLE_COPY.joinRoom}
          </ButtonLink>
        </div>
      ))}
    </section>
  );
}
