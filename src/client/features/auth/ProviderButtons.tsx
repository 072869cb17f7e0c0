// 'Or continue with': one link per OAuth provider the server reports as configured, each with its
// own mark, drawn on the first render from the list the page shell carries. Three placeholders
// while the list loads when the shell has none; if it cannot be loaded, the OIDC button plus a
// hint. The labels come from a second answer (only the OIDC one is configurable); until it arrives
// or if it fails, the built-in names are shown.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  OAUTH_PROVIDER_IDS,
  type OAuthProviderId,
  PROVIDER_NAMES,
  PROVIDERS_META,
  type ProviderNamesAnswer,
  type ProvidersAnswer,
} from '../../../shared/oauth';
import { apiGet } from '../../lib/api';
import { buttonClass } from '../../ui/Button';
import { AUTH_COPY } from './copy';
import { ProviderMark } from './ProviderMark';

export const PROVIDERS_KEY = ['/api/auth/providers'] as const;
const PROVIDER_NAMES_KEY = ['/api/auth/provider-names'] as const;

function ProviderLink({ provider, name }: { provider: OAuthProviderId; name: string }) {
  return (
    <a href={`/api/auth/${provider}`} className={buttonClass('outline', 'md', 'w-full justify-start')}>
      <ProviderMark provider={provider} name={name} />
      <span className="flex-1 text-center">{AUTH_COPY.continueWith(name)}</span>
      {/* balances the mark so the label stays centred */}
      <span aria-hidden="true" className="w-6" />
    </a>
  );
}

/** The providers the page shell names (PROVIDERS_META), or undefined when it names none. */
function providersInPage(): ProvidersAnswer | undefined {
  const listed = document.querySelector<HTMLMetaElement>(`meta[name="${PROVIDERS_META}"]`)?.content;
  if (listed === undefined) return undefined;
  const names = new Set(listed.split(','));
  return Object.fromEntries(OAUTH_PROVIDER_IDS.map((id) => [id, names.has(id)])) as ProvidersAnswer;
}

export function ProviderButtons() {
  const query = useQuery({
    queryKey: PROVIDERS_KEY,
    queryFn: () => apiGet<ProvidersAnswer>('/api/auth/providers'),
    retry: false,
    // Drawn at once from the page; still asked, as the shell may come from the offline cache.
    initialData: providersInPage,
    initialDataUpdatedAt: 0,
    staleTime: 0,
  });
  const namesQuery = useQuery({
    queryKey: PROVIDER_NAMES_KEY,
    queryFn: () => apiGet<ProviderNamesAnswer>('/api/auth/provider-names'),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const names = namesQuery.data ?? PROVIDER_NAMES;

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div
        role="status"
        aria-label={AUTH_COPY.providersLoading}
        className="space-y-3"
        data-testid="provider-placeholders"
      >
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="h-10 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
        ))}
      </div>
    );
  } else if (query.isError || !query.data) {
    content = (
      <div className="space-y-3">
        <ProviderLink provider="oidc" name={names.oidc} />
        <p className="text-center text-xs muted">{AUTH_COPY.providersUnavailable}</p>
      </div>
    );
  } else {
    const data = query.data;
    const available = OAUTH_PROVIDER_IDS.filter((key) => data[key] === true);
    if (available.length === 0) return null;
    content = (
      <ul className="space-y-3">
        {available.map((key) => (
          <li key={key}>
            <ProviderLink provider={key} name={names[key]} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="continue-with" className="mt-6">
      <div className="relative mb-5 flex items-center">
        <div className="flex-1 border-t border-slate-200 dark:border-slate-700" />
        <h2
          id="continue-with"
          className="px-3 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300"
        >
          {AUTH_COPY.orContinueWith}
        </h2>
        <div className="flex-1 border-t border-slate-200 dark:border-slate-700" />
      </div>
      {content}
    </section>
  );
}
