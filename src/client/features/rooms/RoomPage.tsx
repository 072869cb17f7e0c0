// /rooms/:roomId: a Focus-together room as a member sees it, live. The countdown to the start or
// the end, the room's result, everyone's state (what RoomMemberView carries, nothing more), the
// host's invite and controls, and at the end the group's result with a celebration when it made it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import {
  type MemberState,
  ROOM_COPY,
  ROOM_MESSAGES,
  type RoomMemberView,
  type RoomPhase,
  type RoomView,
  roomPhase,
} from '../../../shared/rooms';
import { decodeError } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useToast } from '../../lib/toast';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { PageLoading } from '../../ui/PageLoading';
import { usePageTitle } from '../../ui/usePageTitle';
import { useLockIn } from '../lockin/LockInProvider';
import { clockOffsetMs, formatCountdown } from '../lockin/timer';
import { CopyLinkField } from './InviteParts';
import { RoomsLayout } from './RoomsLayout';
import { useFailureToast } from './useFailureToast';

const STATE_TONES: Record<MemberState, BadgeTone> = {
  waiting: 'neutral',
  focusing: 'brand',
  gave_up: 'danger',
  finished: 'success',
};

const clockTime = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** The server's clock, as this page reads it, ticking once a second. */
function useServerNow(serverNow: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const offset = useRef(0);
  if (serverNow) offset.current = clockOffsetMs(serverNow, Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now + offset.current;
}

function madeIt(room: RoomView): boolean {
  return room.result.kind === 'strict' ? room.result.outcome === 'succeeded' : room.result.finished > 0;
}

function resultText(room: RoomView): string {
  return room.result.kind === 'strict'
    ? ROOM_COPY.resultStrict[room.result.outcome]
    : ROOM_COPY.resultKind(room.result.finished, room.result.total);
}

function Celebration() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let reset: (() => void) | undefined;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (!canvas.current) return;
      const fire = confetti.create(canvas.current, { resize: true, disableForReducedMotion: true });
      void fire({ particleCount: 120, spread: 90, origin: { y: 0.5 } });
      reset = () => fire.reset();
    });
    return () => reset?.();
  }, []);
  return (
    <>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex never takes focus; the confetti is decoration */}
      <canvas ref={canvas} className="pointer-events-none fixed inset-0 z-50 h-full w-full" aria-hidden="true" />
      <p className="text-2xl font-bold text-emerald-700 dark:text-emerald-300">{ROOM_COPY.celebrate}</p>
    </>
  );
}

function MemberRow({
  member,
  room,
  onRemove,
  removing,
}: {
  member: RoomMemberView;
  room: RoomView;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-testid="room-member">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
          <span className="break-words">{member.name}</span>
          {member.isYou && <Badge tone="neutral">{ROOM_COPY.you}</Badge>}
          {member.isHost && <Badge tone="orange">{ROOM_COPY.host}</Badge>}
        </p>
        {member.taskTitle && <p className="mt-0.5 break-words text-sm muted">{member.taskTitle}</p>}
      </div>
      <span className="flex items-center gap-2 text-sm" data-testid="member-state">
        <Badge tone={STATE_TONES[member.state]}>{ROOM_COPY.states[member.state]}</Badge>
        {member.gaveUpAt && (
          <span className="muted">{ROOM_COPY.gaveUpAt(clockTime.format(new Date(member.gaveUpAt)))}</span>
        )}
      </span>
      {room.you.isHost && !member.isYou && room.phase !== 'ended' && (
        <Button variant="ghost" size="sm" onClick={onRemove} loading={removing}>
          {ROOM_COPY.remove(member.name)}
        </Button>
      )}
    </li>
  );
}

function InviteCard({ room }: { room: RoomView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const revoke = useMutation(
    trpc.rooms.revokeInvite.mutationOptions({
      onSuccess: (fresh) => {
        queryClient.setQueryData(trpc.rooms.get.queryKey({ roomId: room.id }), fresh);
        toast({ ...ROOM_COPY.revoked, variant: 'success' });
      },
      onError: useFailureToast(ROOM_COPY.failed),
    }),
  );
  if (!room.invite) return null;
  const { link, code } = room.invite;
  return (
    <Card>
      <CardHeader title={ROOM_COPY.inviteTitle} />
      <CardBody className="space-y-4">
        <CopyLinkField id="room-link" label={ROOM_COPY.inviteLink} link={link} copied={ROOM_COPY.linkCopied} />
        <div>
          <p className="label">{ROOM_COPY.codeLabel}</p>
          <p
            className="mt-1 font-mono text-3xl font-bold tracking-[0.3em] text-slate-900 dark:text-white"
            data-testid="room-code"
          >
            {code}
          </p>
          <p className="mt-1 text-sm muted">{ROOM_COPY.codeHint}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => revoke.mutate({ roomId: room.id })}
          loading={revoke.isPending}
        >
          {ROOM_COPY.revoke}
        </Button>
      </CardBody>
    </Card>
  );
}

function PhaseLine({ room, phase, now }: { room: RoomView; phase: RoomPhase; now: number }) {
  const seconds = (iso: string) => Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
  const text =
    phase === 'scheduled'
      ? seconds(room.startsAt) > 3600
        ? ROOM_COPY.startsAt(dayAndTime.format(new Date(room.startsAt)))
        : ROOM_COPY.startsIn(formatCountdown(seconds(room.startsAt)))
      : phase === 'running'
        ? ROOM_COPY.running(formatCountdown(seconds(room.endsAt)))
        : ROOM_COPY.endedAt(clockTime.format(new Date(room.endsAt)));
  return (
    <p className="text-xl font-semibold tabular-nums text-slate-900 dark:text-white" data-testid="room-phase">
      {text}
    </p>
  );
}

export function RoomPage() {
  const { roomId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const lockIn = useLockIn();
  const navigate = useNavigate();
  const room = useQuery(trpc.rooms.get.queryOptions({ roomId }, { retry: false }));
  usePageTitle(room.data ? ROOM_COPY.goal(room.data.goalMinutes) : ROOM_COPY.setupTitle);
  const now = useServerNow(room.data?.serverNow);
  const phase = room.data
    ? roomPhase({ startsAt: new Date(room.data.startsAt), endsAt: new Date(room.data.endsAt) }, new Date(now))
    : null;

  // The start and the end change what the server says (sessions start, states settle): ask again then.
  useEffect(() => {
    if (phase && room.data && phase !== room.data.phase) void room.refetch();
  }, [phase, room.data, room.refetch]);

  const onError = useFailureToast(ROOM_COPY.failed);
  const setRoom = (fresh: RoomView) => queryClient.setQueryData(trpc.rooms.get.queryKey({ roomId }), fresh);
  const remove = useMutation(
    trpc.rooms.removeMember.mutationOptions({
      onSuccess: (fresh, input) => {
        const gone = room.data?.members.find((m) => m.key === input.memberKey);
        setRoom(fresh);
        if (gone) toast({ ...ROOM_COPY.removed(gone.name), variant: 'success' });
      },
      onError,
    }),
  );
  const leave = useMutation(
    trpc.rooms.leave.mutationOptions({
      onSuccess: () => {
        toast({ ...ROOM_COPY.left, variant: 'success' });
        queryClient.removeQueries({ queryKey: trpc.rooms.get.queryKey({ roomId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.rooms.list.queryKey() });
        navigate(ROUTES.home);
      },
      onError,
    }),
  );
  const startNow = useMutation(
    trpc.rooms.startWithRoom.mutationOptions({
      onSuccess: (fresh) => {
        setRoom(fresh);
        void queryClient.invalidateQueries({ queryKey: trpc.lockin.pathKey() });
      },
      onError,
    }),
  );

  if (room.isPending) return <PageLoading />;
  if (room.isError || !room.data || !phase) {
    const gone = decodeError(room.error).code === 'NOT_FOUND';
    return (
      <RoomsLayout title={ROOM_COPY.setupTitle}>
        <Card>
          <CardBody className="space-y-4">
            <p role="alert">{gone ? ROOM_MESSAGES.notFound : ROOM_COPY.loadFailed}</p>
            <div className="flex flex-wrap gap-2">
              {!gone && (
                <Button variant="outline" onClick={() => void room.refetch()}>
                  Try again
                </Button>
              )}
              <Link className="btn btn-outline btn-md" to={ROUTES.joinRoom}>
                {ROOM_COPY.joinTitle}
              </Link>
            </div>
          </CardBody>
        </Card>
      </RoomsLayout>
    );
  }

  const data = room.data;
  const you = data.members.find((m) => m.isYou);
  return (
    <RoomsLayout title={ROOM_COPY.goal(data.goalMinutes)}>
      <Card>
        <CardBody className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={data.strict ? 'warning' : 'success'}>
              {data.strict ? ROOM_COPY.strictBadge : ROOM_COPY.kindBadge}
            </Badge>
            <span className="text-sm muted">{data.strict ? ROOM_COPY.strict : ROOM_COPY.kind}</span>
          </div>
          <PhaseLine room={data} phase={phase} now={now} />
          <p role="status" className="text-sm text-slate-800 dark:text-slate-200" data-testid="room-result">
            {resultText(data)}
          </p>
          {data.phase === 'ended' && madeIt(data) && <Celebration />}
          <div className="flex flex-wrap gap-2">
            {you?.state === 'focusing' && <Button onClick={() => lockIn.open()}>Show my session</Button>}
            {you?.state === 'waiting' && phase === 'running' && (
              <Button onClick={() => startNow.mutate({ roomId })} loading={startNow.isPending}>
                {ROOM_COPY.startWithRoom}
              </Button>
            )}
            {!data.you.isHost && (
              <Button variant="outline" onClick={() => leave.mutate({ roomId })} loading={leave.isPending}>
                {ROOM_COPY.leave}
              </Button>
            )}
          </div>
        </CardBody>
      </Card>

      {data.you.isHost && <InviteCard room={data} />}

      <Card>
        <CardHeader title={ROOM_COPY.membersTitle(data.members.length, data.capacity)} />
        <CardBody className="pt-2">
          <ul
            className="divide-y divide-slate-200 dark:divide-slate-700"
            aria-label={ROOM_COPY.membersTitle(data.members.length, data.capacity)}
          >
            {data.members.map((member) => (
              <MemberRow
                key={member.key}
                member={member}
                room={data}
                removing={remove.isPending && remove.variables?.memberKey === member.key}
                onRemove={() => remove.mutate({ roomId, memberKey: member.key })}
              />
            ))}
          </ul>
        </CardBody>
      </Card>
    </RoomsLayout>
  );
}
