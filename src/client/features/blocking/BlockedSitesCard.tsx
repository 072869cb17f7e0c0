// Manage Account's 'Blocked Sites': the list the extension blocks while a session runs (kept on
// the server, so every connected browser shares it), presets, the mode (Premium may allow only the
// listed sites), and the browsers connected to the account, with one click to connect this one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  BLOCK_MODES,
  BLOCK_PRESETS,
  BLOCKED_SITES_ANCHOR,
  type BlockingSettings,
  type BlockMode,
  type BlockPreset,
  BLOCKING_COPY as COPY,
  EXTENSION_DOWNLOADS,
} from '../../../shared/blocking';
import { ROUTES } from '../../../shared/routes';
import { messageOf } from '../../lib/errors';
import { announce } from '../../lib/announce';
import { ANNOUNCEMENTS } from '../../../shared/copy';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { CardLoadFailed, CardLoading } from '../../ui/CardLoadState';
import {
  browserName,
  connectedHere,
  handOverCredential,
  tellExtensionToCheck,
  useExtensionStatus,
} from './extension-bridge';
import type { ExtensionStatus } from '../../../shared/extension-bridge';

const PRESETS = Object.keys(BLOCK_PRESETS) as BlockPreset[];
const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function BlockedSitesCard() {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.blocking.get.queryOptions(), staleTime: 0 });
  const extension = useExtensionStatus();
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);
  const entryId = useId();

  // The extension opens this page at #blocked-sites after install: the card is where to connect.
  useEffect(() => {
    if (location.hash === `#${BLOCKED_SITES_ANCHOR}` && settings.data)
      document.getElementById(BLOCKED_SITES_ANCHOR)?.scrollIntoView();
  }, [settings.data]);

  const onSettings = (data: BlockingSettings) => queryClient.setQueryData(trpc.blocking.get.queryKey(), data);
  const onError = (error: unknown) =>
    toast({ title: COPY.failed.title, description: messageOf(error, COPY.failed.description), variant: 'destructive' });
  const add = useMutation(
    trpc.blocking.add.mutationOptions({
      onSuccess: (data, input) => {
        onSettings(data);
        announce(ANNOUNCEMENTS.sitesAdded(input.sites));
        // The extension learns the new list now (and says which sites still show the browser's page).
        tellExtensionToCheck();
        if (input.sites.length === 1 && input.sites[0] === entry) setEntry('');
      },
    }),
  );
  const remove = useMutation(
    trpc.blocking.remove.mutationOptions({
      onSuccess: (data, input) => {
        const was = queryClient.getQueryData(trpc.blocking.get.queryKey())?.sites.indexOf(input.site) ?? -1;
        onSettings(data);
        announce(ANNOUNCEMENTS.siteRemoved(input.site));
        tellExtensionToCheck();
        // The removed site's button left with it: focus goes to the site now in its place, the
        // one before it, or the field to add one, never to <body>.
        const next = data.sites[Math.min(Math.max(was, 0), data.sites.length - 1)];
        requestAnimationFrame(() => {
          const button = next
            ? document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(COPY.remove(next))}"]`)
            : null;
          (button ?? document.getElementById(entryId))?.focus();
        });
      },
      onError,
    }),
  );
  const setMode = useMutation(trpc.blocking.setMode.mutationOptions({ onSuccess: onSettings, onError }));
  const disconnect = useMutation(
    trpc.blocking.disconnect.mutationOptions({
      onSuccess: (data) => {
        onSettings(data);
        // When it was this browser, its extension stops blocking now, not at its next check.
        tellExtensionToCheck();
        toast({ ...COPY.disconnected, variant: 'success' });
      },
      onError,
    }),
  );
  const disconnectQuietly = useMutation(trpc.blocking.disconnect.mutationOptions());
  const connect = useMutation({
    ...trpc.blocking.connect.mutationOptions(),
    onSuccess: async ({ id, token }) => {
      try {
        await handOverCredential(id, token);
      } catch (error) {
        // A credential no extension holds would be listed as a browser that never checks in.
        await disconnectQuietly.mutateAsync({ id }).catch(() => undefined);
        throw error;
      }
      await settings.refetch();
      toast({ ...COPY.connected, variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: COPY.connectFailed.title,
        description: messageOf(error, COPY.connectFailed.description),
        variant: 'destructive',
      }),
  });

  const addEntry = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    setEntryError(null);
    add.mutate({ sites: [entry] }, { onError: (error) => setEntryError(messageOf(error, COPY.failed.description)) });
  };
  const addPreset = (preset: BlockPreset) => add.mutate({ sites: [...BLOCK_PRESETS[preset]] }, { onError });

  const data = settings.data;
  // The choice shows at once; a refused change (not Premium) puts the saved one back.
  const shownMode = setMode.isPending ? setMode.variables?.mode : data?.enforced.mode;
  const paused = new Set(data?.enforced.paused);
  const modePaused = data !== undefined && data.mode !== data.enforced.mode;
  const premium = data?.limit === null;
  const thisBrowser = extension?.browserId ?? null;

  return (
    <Card id={BLOCKED_SITES_ANCHOR} data-testid="blocked-sites" className="scroll-mt-4">
      <CardHeader title={COPY.title} description={COPY.description} />
      <CardBody className="space-y-6">
        {settings.isPending ? (
          <CardLoading />
        ) : settings.isError || !data ? (
          <CardLoadFailed message={COPY.loadFailed} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <form onSubmit={addEntry} noValidate className="space-y-2">
              <label htmlFor={entryId} className="label">
                {COPY.addLabel}
              </label>
              <div className="flex gap-2">
                <input
                  id={entryId}
                  className="input min-w-0 flex-1"
                  inputMode="url"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder={COPY.addPlaceholder}
                  maxLength={2048}
                  value={entry}
                  aria-invalid={entryError ? true : undefined}
                  aria-describedby={entryError ? `${entryId}-error` : undefined}
                  onChange={(e) => {
                    setEntry(e.target.value);
                    setEntryError(null);
                  }}
                />
                <Button
                  type="submit"
                  loading={add.isPending && add.variables?.sites[0] === entry}
                  disabled={!entry.trim()}
                >
                  {COPY.add}
                </Button>
              </div>
              {entryError && (
                <p id={`${entryId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
                  {entryError}
                </p>
              )}
            </form>

            <div>
              <p className="label mb-2">{COPY.presetsLabel}</p>
              <div className="flex flex-wrap gap-2">
                {PRESETS.map((preset) => (
                  <Button
                    key={preset}
                    variant="outline"
                    size="sm"
                    busy={add.isPending}
                    onClick={() => addPreset(preset)}
                  >
                    {COPY.presetAdd(COPY.presets[preset])}
                  </Button>
                ))}
              </div>
            </div>

            <div>
              <p className="text-sm muted" data-testid="blocked-count">
                {COPY.count(data.sites.length, data.limit)}
              </p>
              {(paused.size > 0 || modePaused) && (
                <p className="mt-2 text-sm text-amber-800 dark:text-amber-200" data-testid="blocking-paused">
                  {COPY.pausedNote(paused.size, modePaused)}
                </p>
              )}
              {data.sites.length === 0 ? (
                <p className="mt-2 text-sm muted">{COPY.empty}</p>
              ) : (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={COPY.title}>
                  {data.sites.map((site) => (
                    <li
                      key={site}
                      className="flex min-w-0 items-center gap-1 rounded-full border border-slate-300 py-1 pl-3 pr-1 text-sm dark:border-slate-600"
                    >
                      <span className="break-all">{site}</span>
                      {paused.has(site) && <Badge tone="warning">{COPY.paused}</Badge>}
                      <button
                        type="button"
                        className="focus-ring inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                        aria-label={COPY.remove(site)}
                        disabled={remove.isPending && remove.variables?.site === site}
                        onClick={() => remove.mutate({ site })}
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>

            <fieldset className="min-w-0">
              <legend className="label mb-2">{COPY.modeLabel}</legend>
              <div className="space-y-2">
                {BLOCK_MODES.map((mode) => (
                  <label key={mode} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="block-mode"
                      value={mode}
                      className="h-4 w-4 accent-brand-600"
                      checked={shownMode === mode}
                      disabled={(mode === 'allow_only' && !premium) || setMode.isPending}
                      onChange={() => setMode.mutate({ mode })}
                    />
                    {COPY.modes[mode]}
                  </label>
                ))}
              </div>
              {shownMode === 'allow_only' && <p className="mt-2 text-xs muted">{COPY.allowOnlyNote}</p>}
              {!premium && (
                <ButtonLink to={ROUTES.subscribe} variant="outline" size="sm" className="mt-3">
                  {COPY.upgrade}
                </ButtonLink>
              )}
            </fieldset>

            <div className="border-t border-slate-200 pt-5 dark:border-slate-700">
              <h3 className="text-base font-semibold text-slate-900 dark:text-white">{COPY.browsersTitle}</h3>
              {data.browsers.length === 0 ? (
                <p className="mt-2 text-sm muted">{COPY.noBrowsers}</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700" data-testid="connected-browsers">
                  {data.browsers.map((browser) => (
                    <li key={browser.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                          {browser.name}
                          {browser.id === thisBrowser && <Badge tone="success">{COPY.thisBrowser}</Badge>}
                        </p>
                        <p className="text-xs muted">
                          {browser.lastUsedAt ? COPY.lastUsed(formatWhen(browser.lastUsedAt)) : COPY.neverUsed}
                        </p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={COPY.disconnectLabel(browser.name)}
                        busy={disconnect.isPending}
                        onClick={() => disconnect.mutate({ id: browser.id })}
                      >
                        {COPY.disconnect}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              {extension ? (
                connectedHere(extension, data.browsers) ? (
                  <PagesNote extension={extension} mode={data.enforced.mode} />
                ) : (
                  <>
                    {location.hash === `#${BLOCKED_SITES_ANCHOR}` && (
                      <p className="mt-3 text-sm text-slate-900 dark:text-white" data-testid="connect-why">
                        {COPY.connectWhy}
                      </p>
                    )}
                    <Button
                      className="mt-3"
                      loading={connect.isPending}
                      onClick={() => connect.mutate({ name: browserName() })}
                    >
                      {COPY.connect}
                    </Button>
                  </>
                )
              ) : (
                <div className="mt-4 rounded-lg bg-slate-100 p-4 dark:bg-slate-800/60">
                  <p className="text-sm font-medium text-slate-900 dark:text-white">{COPY.installTitle}</p>
                  <p className="mt-1 text-sm muted">{COPY.installText}</p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <a className="btn btn-outline btn-sm" href={EXTENSION_DOWNLOADS.chromium} download>
                      {COPY.downloadChromium}
                    </a>
                    <a className="btn btn-outline btn-sm" href={EXTENSION_DOWNLOADS.firefox} download>
                      {COPY.downloadFirefox}
                    </a>
                  </div>
                </div>
              )}
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}

/**
 * The listed sites this browser's extension may not show its own page on yet: there the browser's
 * error page shows, and a tab already open on one keeps working until it is reloaded. The
 * extension's own page asks for that access in one click (browsers allow it only from a click).
 */
function PagesNote({ extension, mode }: { extension: ExtensionStatus; mode: BlockMode }) {
  const missing = extension.withoutPage ?? [];
  if (mode !== 'block_listed' || missing.length === 0) return null;
  return (
    <p
      className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="pages-note"
    >
      {COPY.pagesMissing(missing)}
    </p>
  );
}
