// /join/<token> (an invite link) and /join (the code form): who is in the room, its goal, start
// and whether it is strict, before joining with a task of one's own. A visitor is asked to sign in
// or sign up first, and comes back here after.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DEFAULT_CATEGORY } from '../../../shared/constants';
import { ROOM_COPY, ROOM_PATHS, type RoomPreview } from '../../../shared/rooms';
import { ROUTES } from '../../../shared/routes';
import { messageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { PageLoading } from '../../ui/PageLoading';
import { usePageTitle } from '../../ui/usePageTitle';
import { useAuth } from '../auth/useAuth';
import { SignInToJoin } from './InviteParts';
import { RoomsLayout } from './RoomsLayout';
import { useFailureToast } from './useFailureToast';
import { type RoomTask, TaskPicker } from './TaskPicker';

const when = new Intl.DateTimeFormat(undefined, { weekday: 'long', hour: 'numeric', minute: '2-digit' });

type Invite = { token: string } | { code: string } | { roomId: string };

function Preview({ preview, invite }: { preview: RoomPreview; invite: Invite }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onError = useFailureToast(ROOM_COPY.failed);
  const [task, setTask] = useState<RoomTask>({ taskTitle: '', category: DEFAULT_CATEGORY, shareTask: false });
  const join = useMutation(
    trpc.rooms.join.mutationOptions({
      onSuccess: (room) => {
        queryClient.setQueryData(trpc.rooms.get.queryKey({ roomId: room.id }), room);
        void queryClient.invalidateQueries({ queryKey: trpc.lockin.pathKey() });
        navigate(ROOM_PATHS.room(room.id));
      },
      onError,
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!join.isPending) join.mutate({ ...invite, ...task, taskTitle: task.taskTitle.trim() });
  };
  const start =
    preview.phase === 'scheduled'
      ? ROOM_COPY.startsAt(when.format(new Date(preview.startsAt)))
      : 'Running now: you start when you join, and end with the room.';
  return (
    <Card data-testid="room-preview">
      <CardHeader title={ROOM_COPY.goal(preview.goalMinutes)} description={start} />
      <CardBody className="space-y-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={preview.strict ? 'warning' : 'success'}>
            {preview.strict ? ROOM_COPY.strictBadge : ROOM_COPY.kindBadge}
          </Badge>
          <span className="text-sm muted">{preview.strict ? ROOM_COPY.strict : ROOM_COPY.kind}</span>
        </div>
        <div>
          <h2 className="label">{ROOM_COPY.previewWho}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {preview.members.map((m) => (
              <li
                key={m.key}
                className="flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
              >
                {m.name}
                {m.isHost && <Badge tone="orange">{ROOM_COPY.host}</Badge>}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm muted">{ROOM_COPY.membersTitle(preview.members.length, preview.capacity)}</p>
        </div>
        {preview.youAreIn ? (
          <div className="space-y-2">
            <p>{ROOM_COPY.alreadyIn}</p>
            <ButtonLink to={ROOM_PATHS.room(preview.id)}>{ROOM_COPY.openRoom}</ButtonLink>
          </div>
        ) : preview.full ? (
          <p role="alert">{`This room is full (${preview.capacity} people).`}</p>
        ) : (
          <form onSubmit={submit} className="space-y-5" noValidate>
            <TaskPicker value={task} onChange={setTask} />
            <div className="flex justify-end">
              <Button type="submit" loading={join.isPending} disabled={task.taskTitle.trim() === ''}>
                {join.isPending ? ROOM_COPY.joining : ROOM_COPY.join}
              </Button>
            </div>
          </form>
        )}
      </CardBody>
    </Card>
  );
}

/** A room by its invite link, or (for a member of its circle) by its id. */
function LinkPreview({ invite }: { invite: { token: string } | { roomId: string } }) {
  const trpc = useTRPC();
  const preview = useQuery(trpc.rooms.preview.queryOptions(invite, { retry: false }));
  if (preview.isPending) return <PageLoading />;
  if (preview.isError)
    return (
      <Card>
        <CardBody className="space-y-4">
          <p role="alert">{messageOf(preview.error, ROOM_COPY.loadFailed)}</p>
          <ButtonLink to={ROUTES.joinRoom} variant="outline">
            {ROOM_COPY.joinTitle}
          </ButtonLink>
        </CardBody>
      </Card>
    );
  return <Preview preview={preview.data} invite={invite} />;
}

function CodeForm() {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const preview = useQuery(
    trpc.rooms.preview.queryOptions({ code: asked ?? '' }, { enabled: asked !== null, retry: false }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) setAsked(code.trim());
  };
  return (
    <>
      <Card>
        <CardBody>
          <form onSubmit={submit} className="space-y-2" noValidate>
            <label htmlFor="room-code" className="label">
              {ROOM_COPY.joinCodeLabel}
            </label>
            <div className="flex gap-2">
              <input
                id="room-code"
                className="input min-w-0 flex-1 font-mono uppercase tracking-widest"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                value={code}
                aria-describedby="room-code-hint"
                aria-invalid={preview.isError || undefined}
                onChange={(e) => setCode(e.target.value)}
              />
              <Button type="submit" loading={asked !== null && preview.isFetching} disabled={!code.trim()}>
                {ROOM_COPY.findRoom}
              </Button>
            </div>
            <p id="room-code-hint" className="text-sm muted">
              {ROOM_COPY.joinCodeHint}
            </p>
            {preview.isError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {messageOf(preview.error, ROOM_COPY.loadFailed)}
              </p>
            )}
          </form>
        </CardBody>
      </Card>
      {preview.data && asked && <Preview key={preview.data.id} preview={preview.data} invite={{ code: asked }} />}
    </>
  );
}

export function JoinPage() {
  const { token } = useParams();
  const [params] = useSearchParams();
  const circleRoom = params.get('room');
  usePageTitle(ROOM_COPY.joinTitle);
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <PageLoading />;
  const here = token ? ROOM_PATHS.joinLink(token) : ROUTES.joinRoom;
  return (
    <RoomsLayout title={ROOM_COPY.joinTitle} intro={ROOM_COPY.entryHint}>
      {!isAuthenticated ? (
        <Card>
          <CardBody className="space-y-4">
            <SignInToJoin what="room" here={here} />
          </CardBody>
        </Card>
      ) : token ? (
        <LinkPreview invite={{ token }} />
      ) : circleRoom ? (
        <LinkPreview invite={{ roomId: circleRoom }} />
      ) : (
        <CodeForm />
      )}
      <p className="text-sm">
        <Link className="link" to={ROUTES.newRoom}>
          {ROOM_COPY.create}
        </Link>
      </p>
    </RoomsLayout>
  );
}
