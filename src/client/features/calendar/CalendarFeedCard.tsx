// Manage Account's calendar feed: a private iCalendar URL of the user's focus sessions and today's
// focus tasks, shown, copied, regenerated (which revokes the old URL) and revoked (premium to
// create; anyone may revoke an old one).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROUTES } from '../../../shared/routes';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Button, ButtonLink } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { CardLoadFailed, CardLoading } from '../../ui/CardLoadState';
import { Dialog } from '../../ui/Dialog';
import { useAuth } from '../auth/useAuth';

export const CALENDAR_COPY = {
  title: 'Calendar Feed',
  description:
    "Subscribe from Google Calendar, Apple Calendar or Outlook to see your focus sessions and today's focus tasks.",
  private: 'Keep this address private: anyone who has it can see your sessions and tasks.',
  none: 'No feed yet.',
  create: 'Create Feed URL',
  copy: 'Copy',
  regenerate: 'Regenerate URL',
  revoke: 'Revoke',
  premiumOnly: 'Calendar integration is a Premium feature.',
  upgrade: 'Upgrade to Premium',
  urlLabel: 'Feed URL',
  copied: { title: 'Copied', description: 'The feed URL is on your clipboard.' },
  copyFailed: { title: 'Copy Failed', description: 'Select the address and copy it yourself.' },
  failed: { title: 'Calendar Feed Error', description: 'Something went wrong. Please try again.' },
  loadFailed: 'Failed to load your calendar feed.',
  confirmRegenerate: {
    title: 'Regenerate the feed URL?',
    text: 'The current address stops working at once. Calendars subscribed to it need the new one.',
  },
  confirmRevoke: {
    title: 'Revoke the feed URL?',
    text: 'The address stops working at once and calendars subscribed to it stop updating.',
  },
} as const;

export default function CalendarFeedCard() {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const premium = useAuth().user?.premium ?? false;
  const feed = useQuery({ ...trpc.insights.calendarFeed.get.queryOptions(), staleTime: 0 });
  const [confirm, setConfirm] = useState<'regenerate' | 'revoke' | null>(null);
  const onDone = (data: { url: string | null }) => {
    queryClient.setQueryData(trpc.insights.calendarFeed.get.queryKey(), data);
    setConfirm(null);
  };
  const onError = () => {
    setConfirm(null);
    toast({ ...CALENDAR_COPY.failed, variant: 'destructive' });
  };
  const regenerate = useMutation(trpc.insights.calendarFeed.regenerate.mutationOptions({ onSuccess: onDone, onError }));
  const revoke = useMutation(trpc.insights.calendarFeed.revoke.mutationOptions({ onSuccess: onDone, onError }));
  const busy = regenerate.isPending || revoke.isPending;
  const url = feed.data?.url ?? null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ ...CALENDAR_COPY.copied, variant: 'success' });
    } catch {
      toast({ ...CALENDAR_COPY.copyFailed, variant: 'destructive' });
    }
  };

  return (
    <Card data-testid="calendar-feed">
      <CardHeader title={CALENDAR_COPY.title} description={CALENDAR_COPY.description} />
      <CardBody className="space-y-3">
        {feed.isPending ? (
          <CardLoading />
        ) : feed.isError ? (
          <CardLoadFailed message={CALENDAR_COPY.loadFailed} onRetry={() => void feed.refetch()} />
        ) : url ? (
          <>
            <label className="block text-sm font-medium text-slate-900 dark:text-white" htmlFor="calendar-feed-url">
              {CALENDAR_COPY.urlLabel}
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id="calendar-feed-url"
                readOnly
                value={url}
                onFocus={(e) => e.currentTarget.select()}
                className="input min-w-0 flex-1 font-mono text-xs"
              />
              <Button variant="outline" size="sm" onClick={() => void copy()}>
                {CALENDAR_COPY.copy}
              </Button>
            </div>
            <p className="text-xs muted">{CALENDAR_COPY.private}</p>
            <div className="flex flex-wrap gap-2">
              {premium && (
                <Button variant="outline" size="sm" onClick={() => setConfirm('regenerate')} busy={busy}>
                  {CALENDAR_COPY.regenerate}
                </Button>
              )}
              <Button variant="destructive" size="sm" onClick={() => setConfirm('revoke')} busy={busy}>
                {CALENDAR_COPY.revoke}
              </Button>
            </div>
          </>
        ) : premium ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm muted">{CALENDAR_COPY.none}</p>
            <Button size="sm" onClick={() => regenerate.mutate()} loading={regenerate.isPending}>
              {CALENDAR_COPY.create}
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm muted">{CALENDAR_COPY.premiumOnly}</p>
            <ButtonLink to={ROUTES.subscribe} size="sm" variant="outline">
              {CALENDAR_COPY.upgrade}
            </ButtonLink>
          </div>
        )}
      </CardBody>
      <Dialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        alert
        size="sm"
        title={confirm === 'revoke' ? CALENDAR_COPY.confirmRevoke.title : CALENDAR_COPY.confirmRegenerate.title}
        description={confirm === 'revoke' ? CALENDAR_COPY.confirmRevoke.text : CALENDAR_COPY.confirmRegenerate.text}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              variant={confirm === 'revoke' ? 'destructive' : 'primary'}
              loading={busy}
              onClick={() => (confirm === 'revoke' ? revoke.mutate() : regenerate.mutate())}
            >
              {confirm === 'revoke' ? CALENDAR_COPY.revoke : CALENDAR_COPY.regenerate}
            </Button>
          </>
        }
      />
    </Card>
  );
}
