// Circles (issue #49): /circles (yours, and a new one), /circles/:circleId (who is focusing now,
// minutes this week, the rooms started for it, the creator's invite) and /circles/join/:token.
// Everything shown updates live through the page's stream ('circle' events).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CIRCLE_COPY,
  CIRCLE_NAME_MAX_LENGTH,
  CIRCLE_PATHS,
  type CircleRoomView,
  type CircleView,
} from '../../../shared/circles';
import { ROOM_COPY, ROOM_PATHS } from '../../../shared/rooms';
import { ROUTES } from '../../../shared/routes';
import { decodeError, messageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useToast } from '../../lib/toast';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { PageLoading } from '../../ui/PageLoading';
import { usePageTitle } from '../../ui/usePageTitle';
import { useAuth } from '../auth/useAuth';
import { usePlanStatus } from '../plans/usePlan';
import { CopyLinkField, SignInToJoin } from './InviteParts';
import { RoomsLayout } from './RoomsLayout';
import { useFailureToast } from './useFailureToast';

const clock = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

export function CirclesPage() {
  usePageTitle(CIRCLE_COPY.title);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onError = useFailureToast(CIRCLE_COPY.failed);
  const { plan } = usePlanStatus();
  const circles = useQuery(trpc.circles.list.queryOptions());
  const [name, setName] = useState('');
  const create = useMutation(
    trpc.circles.create.mutationOptions({ onSuccess: (circle) => navigate(CIRCLE_PATHS.circle(circle.id)), onError }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!create.isPending && name.trim()) create.mutate({ name: name.trim() });
  };
  return (
    <RoomsLayout title={CIRCLE_COPY.title} intro={CIRCLE_COPY.intro}>
      <Card>
        <CardBody>
          {circles.isPending ? (
            <p className="muted">Loading...</p>
          ) : circles.isError ? (
            <p role="alert">{CIRCLE_COPY.loadFailed}</p>
          ) : circles.data.length === 0 ? (
            <p className="muted">{CIRCLE_COPY.none}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700">
              {circles.data.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <Link className="link break-words font-medium" to={CIRCLE_PATHS.circle(c.id)}>
                      {c.name}
                    </Link>
                    <p className="text-sm muted">
                      {CIRCLE_COPY.members(c.members)} · {CIRCLE_COPY.focusingNow(c.focusingNow)}
                    </p>
                  </div>
                  {c.roomsToJoin.length > 0 && <Badge tone="brand">{CIRCLE_COPY.roomsTitle}</Badge>}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={CIRCLE_COPY.create} description={CIRCLE_COPY.sizeNote(plan.premium)} />
        <CardBody>
          <form onSubmit={submit} className="space-y-2" noValidate>
            <label htmlFor="circle-name" className="label">
              {CIRCLE_COPY.nameLabel}
            </label>
            <div className="flex gap-2">
              <input
                id="circle-name"
                className="input min-w-0 flex-1"
                maxLength={CIRCLE_NAME_MAX_LENGTH}
                placeholder={CIRCLE_COPY.namePlaceholder}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                {CIRCLE_COPY.create}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </RoomsLayout>
  );
}

function RoomLine({ room }: { room: CircleRoomView }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="break-words font-medium">{CIRCLE_COPY.roomLine(room.hostName, room.goalMinutes, room.members)}</p>
        <p className="text-sm muted">
          {room.strict ? ROOM_COPY.strictBadge : ROOM_COPY.kindBadge} · {clock.format(new Date(room.startsAt))}
        </p>
      </div>
      {room.youAreIn ? (
        <ButtonLink to={ROOM_PATHS.room(room.id)} variant="outline" size="sm">
          {CIRCLE_COPY.openRoom}
        </ButtonLink>
      ) : (
        <ButtonLink to={`${ROUTES.joinRoom}?room=${room.id}`} size="sm">
          {CIRCLE_COPY.joinRoom}
        </ButtonLink>
      )}
    </li>
  );
}

function InviteLink({ link }: { link: string }) {
  return (
    <Card>
      <CardHeader title={CIRCLE_COPY.inviteTitle} description={CIRCLE_COPY.inviteHint} />
      <CardBody>
        <CopyLinkField
          id="circle-link"
          label={CIRCLE_COPY.inviteTitle}
          link={link}
          copied={CIRCLE_COPY.linkCopied}
          hideLabel
        />
      </CardBody>
    </Card>
  );
}

export function CirclePage() {
  const { circleId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const onError = useFailureToast(CIRCLE_COPY.failed);
  const circle = useQuery(trpc.circles.get.queryOptions({ circleId }, { retry: false }));
  const [confirmDelete, setConfirmDelete] = useState(false);
  usePageTitle(circle.data?.name ?? CIRCLE_COPY.title);
  const setCircle = (fresh: CircleView) => queryClient.setQueryData(trpc.circles.get.queryKey({ circleId }), fresh);
  const hide = useMutation(trpc.circles.hideMinutes.mutationOptions({ onSuccess: setCircle, onError }));
  const remove = useMutation(trpc.circles.removeMember.mutationOptions({ onSuccess: setCircle, onError }));
  const gone = (copy: { title: string; description: string }) => () => {
    toast({ ...copy, variant: 'success' });
    queryClient.removeQueries({ queryKey: trpc.circles.get.queryKey({ circleId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.circles.list.queryKey() });
    navigate(ROUTES.circles);
  };
  const leave = useMutation(trpc.circles.leave.mutationOptions({ onSuccess: gone(CIRCLE_COPY.left), onError }));
  const destroy = useMutation(trpc.circles.delete.mutationOptions({ onSuccess: gone(CIRCLE_COPY.deleted), onError }));

  if (circle.isPending) return <PageLoading />;
  if (circle.isError)
    return (
      <RoomsLayout title={CIRCLE_COPY.title}>
        <Card>
          <CardBody className="space-y-4">
            <p role="alert">
              {decodeError(circle.error).code === 'NOT_FOUND'
                ? messageOf(circle.error, CIRCLE_COPY.loadFailed)
                : CIRCLE_COPY.loadFailed}
            </p>
            <ButtonLink to={ROUTES.circles} variant="outline">
              {CIRCLE_COPY.title}
            </ButtonLink>
          </CardBody>
        </Card>
      </RoomsLayout>
    );
  const data = circle.data;
  return (
    <RoomsLayout title={data.name} intro={CIRCLE_COPY.members(data.members.length)}>
      <Card>
        <CardBody className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={`${ROUTES.newRoom}?circle=${data.id}`}>{CIRCLE_COPY.startRoom}</ButtonLink>
            {data.you.isCreator ? (
              confirmDelete ? (
                <fieldset className="flex flex-wrap items-center gap-2">
                  <legend className="sr-only">{CIRCLE_COPY.deleteAsk(data.name)}</legend>
                  <span className="text-sm" aria-hidden="true">
                    {CIRCLE_COPY.deleteAsk(data.name)}
                  </span>
                  <Button
                    variant="destructive"
                    onClick={() => destroy.mutate({ circleId })}
                    loading={destroy.isPending}
                  >
                    {CIRCLE_COPY.delete}
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
                    {CIRCLE_COPY.keep}
                  </Button>
                </fieldset>
              ) : (
                <Button variant="outline" onClick={() => setConfirmDelete(true)}>
                  {CIRCLE_COPY.delete}
                </Button>
              )
            ) : (
              <Button variant="outline" onClick={() => leave.mutate({ circleId })} loading={leave.isPending}>
                {CIRCLE_COPY.leave}
              </Button>
            )}
          </div>
          {data.rooms.length > 0 && (
            <div>
              <h2 className="label">{CIRCLE_COPY.roomsTitle}</h2>
              <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                {data.rooms.map((room) => (
                  <RoomLine key={room.id} room={room} />
                ))}
              </ul>
            </div>
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title={CIRCLE_COPY.ofCapacity(data.members.length, data.capacity)} />
        <CardBody className="space-y-4 pt-2">
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="circle-members">
            {data.members.map((m) => (
              <li key={m.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-testid="circle-member">
                <p className="flex min-w-0 flex-1 flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{m.name}</span>
                  {m.isYou && <Badge tone="neutral">{ROOM_COPY.you}</Badge>}
                </p>
                <Badge tone={m.focusing ? 'brand' : 'neutral'}>
                  {m.focusing ? CIRCLE_COPY.focusing : CIRCLE_COPY.notFocusing}
                </Badge>
                <span className="text-sm muted">
                  {m.minutesThisWeek === null ? CIRCLE_COPY.hidden : CIRCLE_COPY.minutes(m.minutesThisWeek)}
                </span>
                {data.you.isCreator && !m.isYou && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => remove.mutate({ circleId, memberKey: m.key })}
                    loading={remove.isPending && remove.variables?.memberKey === m.key}
                  >
                    {CIRCLE_COPY.remove(m.name)}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={data.you.hideMinutes}
              disabled={hide.isPending}
              onChange={(e) => hide.mutate({ circleId, hide: e.target.checked })}
            />
            {CIRCLE_COPY.hideMine}
          </label>
        </CardBody>
      </Card>

      {data.inviteLink && <InviteLink link={data.inviteLink} />}
    </RoomsLayout>
  );
}

export function JoinCirclePage() {
  const { token = '' } = useParams();
  usePageTitle(CIRCLE_COPY.joinTitle);
  const { isAuthenticated, isLoading } = useAuth();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onError = useFailureToast(CIRCLE_COPY.failed);
  const preview = useQuery(trpc.circles.preview.queryOptions({ token }, { enabled: isAuthenticated, retry: false }));
  const join = useMutation(
    trpc.circles.join.mutationOptions({ onSuccess: (c) => navigate(CIRCLE_PATHS.circle(c.id)), onError }),
  );
  if (isLoading) return <PageLoading />;
  const here = CIRCLE_PATHS.joinLink(token);
  return (
    <RoomsLayout title={CIRCLE_COPY.joinTitle} intro={CIRCLE_COPY.intro}>
      <Card>
        <CardBody className="space-y-4">
          {!isAuthenticated ? (
            <SignInToJoin what="circle" here={here} />
          ) : preview.isPending ? (
            <p className="muted">Loading...</p>
          ) : preview.isError ? (
            <p role="alert">{messageOf(preview.error, CIRCLE_COPY.loadFailed)}</p>
          ) : (
            <>
              <h2 className="text-xl font-semibold">{preview.data.name}</h2>
              <ul className="flex flex-wrap gap-2">
                {preview.data.members.map((m) => (
                  <li
                    key={m.key}
                    className="rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
                  >
                    {m.name}
                  </li>
                ))}
              </ul>
              {preview.data.youAreIn ? (
                <ButtonLink to={CIRCLE_PATHS.circle(preview.data.id)}>{CIRCLE_COPY.open}</ButtonLink>
              ) : preview.data.full ? (
                <p role="alert">{`This circle is full (${preview.data.capacity} people).`}</p>
              ) : (
                <Button onClick={() => join.mutate({ token })} loading={join.isPending}>
                  {CIRCLE_COPY.join}
                </Button>
              )}
            </>
          )}
        </CardBody>
      </Card>
    </RoomsLayout>
  );
}
