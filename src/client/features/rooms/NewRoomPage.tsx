// /rooms/new: open a Focus-together room. The goal (one LockIn offers), the start (now, or a time
// within the next day), strict or kind, and the host's own task. The Lock-In setup links here
// with its chosen length and task.
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_CATEGORY, LOCK_IN_DURATIONS_MINUTES } from '../../../shared/constants';
import { ROOM_COPY, ROOM_PATHS, ROOM_SIZE_FREE, ROOM_SIZE_PREMIUM } from '../../../shared/rooms';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePlanStatus } from '../plans/usePlan';
import { RoomsLayout } from './RoomsLayout';
import { useFailureToast } from './useFailureToast';
import { type RoomTask, TaskPicker } from './TaskPicker';

/** The next time the clock reads `hhmm` (today, or tomorrow when that has passed). */
export function nextAt(hhmm: string, now: Date): Date {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const at = new Date(now);
  at.setHours(hours, minutes, 0, 0);
  if (at <= now) at.setDate(at.getDate() + 1);
  return at;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', hour: 'numeric', minute: '2-digit' });

function chipClass(selected: boolean): string {
  return `flex h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-medium transition-colors focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2 dark:focus-within:ring-offset-slate-900 ${
    selected
      ? 'border-brand-600 bg-brand-600 text-white'
      : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
  }`;
}

export function NewRoomPage() {
  usePageTitle(ROOM_COPY.setupTitle);
  const [params] = useSearchParams();
  const offered = Number(params.get('minutes'));
  const [minutes, setMinutes] = useState<number>(
    (LOCK_IN_DURATIONS_MINUTES as readonly number[]).includes(offered) ? offered : 25,
  );
  const [later, setLater] = useState(false);
  const [time, setTime] = useState('');
  const [strict, setStrict] = useState(true);
  const [task, setTask] = useState<RoomTask>({
    taskTitle: params.get('task') ?? '',
    category: params.get('category') ?? DEFAULT_CATEGORY,
    shareTask: false,
  });
  const { plan } = usePlanStatus();
  const trpc = useTRPC();
  // A room for a circle: its members are told, and join it from the circle.
  const circleId = params.get('circle') ?? undefined;
  const circle = useQuery(
    trpc.circles.get.queryOptions({ circleId: circleId ?? '' }, { enabled: Boolean(circleId), retry: false }),
  );
  const navigate = useNavigate();
  const onError = useFailureToast(ROOM_COPY.failed);
  const id = useId();
  const startsAt = later && time ? nextAt(time, new Date()) : null;

  const create = useMutation(
    trpc.rooms.create.mutationOptions({
      onSuccess: (room) => navigate(ROOM_PATHS.room(room.id)),
      onError,
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate({
      goalMinutes: minutes,
      circleId,
      startsAt: startsAt ? startsAt.toISOString() : null,
      strict,
      taskTitle: task.taskTitle.trim(),
      category: task.category,
      shareTask: task.shareTask,
    });
  };
  const ready = task.taskTitle.trim() !== '' && (!later || time !== '');

  return (
    <RoomsLayout
      title={ROOM_COPY.setupTitle}
      intro={
        circle.data
          ? `A room for ${circle.data.name}: its members are told, and can join it from the circle.`
          : ROOM_COPY.setupDescription
      }
    >
      <Card>
        <CardBody>
          <form onSubmit={submit} className="space-y-6" noValidate>
            <fieldset>
              <legend className="label mb-2">Session length</legend>
              <div className="grid grid-cols-4 gap-2">
                {LOCK_IN_DURATIONS_MINUTES.map((m) => (
                  <label key={m} className={chipClass(m === minutes)}>
                    <input
                      type="radio"
                      name="room-goal"
                      className="sr-only"
                      checked={m === minutes}
                      onChange={() => setMinutes(m)}
                    />
                    {m} min
                  </label>
                ))}
              </div>
            </fieldset>

            <fieldset>
              <legend className="label mb-2">{ROOM_COPY.startLabel}</legend>
              <div className="grid grid-cols-2 gap-2">
                <label className={chipClass(!later)}>
                  <input
                    type="radio"
                    name="room-start"
                    className="sr-only"
                    checked={!later}
                    onChange={() => setLater(false)}
                  />
                  {ROOM_COPY.startNow}
                </label>
                <label className={chipClass(later)}>
                  <input
                    type="radio"
                    name="room-start"
                    className="sr-only"
                    checked={later}
                    onChange={() => setLater(true)}
                  />
                  {ROOM_COPY.startLater}
                </label>
              </div>
              {later && (
                <div className="mt-3">
                  <label htmlFor={`${id}-time`} className="label">
                    {ROOM_COPY.startTimeLabel}
                  </label>
                  <input
                    id={`${id}-time`}
                    type="time"
                    className="input mt-1 max-w-40"
                    value={time}
                    onChange={(e) => setTime(e.target.value)}
                    aria-describedby={`${id}-when`}
                  />
                  <p id={`${id}-when`} className="mt-1 text-sm muted" aria-live="polite">
                    {startsAt ? ROOM_COPY.startsAt(timeFormat.format(startsAt)) : ''}
                  </p>
                </div>
              )}
            </fieldset>

            <fieldset>
              <legend className="label mb-2">{ROOM_COPY.strictnessLabel}</legend>
              <div className="space-y-2">
                {[true, false].map((value) => (
                  <label key={String(value)} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="room-strict"
                      className="h-4 w-4 accent-brand-600"
                      checked={strict === value}
                      onChange={() => setStrict(value)}
                    />
                    {value ? ROOM_COPY.strict : ROOM_COPY.kind}
                  </label>
                ))}
              </div>
            </fieldset>

            <TaskPicker value={task} onChange={setTask} />

            <p className="text-sm muted">
              {ROOM_COPY.sizeNote(plan.premium ? ROOM_SIZE_PREMIUM : ROOM_SIZE_FREE, plan.premium)}
            </p>
            <div className="flex justify-end">
              <Button type="submit" loading={create.isPending} disabled={!ready}>
                {create.isPending ? ROOM_COPY.creating : ROOM_COPY.create}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </RoomsLayout>
  );
}
