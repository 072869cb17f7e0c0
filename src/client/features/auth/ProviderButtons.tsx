// 'Or continue with': one link per OAuth provider the server reports as configured. Three
// placeholders while the list loads; if it cannot be loaded, the OIDC button plus a hint.
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { buttonClass } from '../../ui/Button';
import { AUTH_COPY, OIDC_DEFAULT_NAME } from './copy';
import { ProviderMark } from './icons';

export const PROVIDER_KEYS = ['oidc', 'google', 'facebook', 'github', 'twitter'] as const;
export type ProviderKey = (typeof PROVIDER_KEYS)[number];

/** GET /api/auth/providers */
export type ProvidersResponse = Record<ProviderKey, boolean> & { oidcName?: string };

const PROVIDER_NAMES: Record<Exclude<ProviderKey, 'oidc'>, string> = {
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
  twitter: 'X',
};

export const PROVIDERS_KEY = ['/api/auth/providers'] as const;

function providerName(key: ProviderKey, oidcName: string | undefined): string {
  return key === 'oidc' ? oidcName || OIDC_DEFAULT_NAME : PROVIDER_NAMES[key];
}

function ProviderLink({ provider, name }: { provider: ProviderKey; name: string }) {
  return (
    <a href={`/api/auth/${provider}`} className={buttonClass('outline', 'md', 'w-full justify-start')}>
      <ProviderMark provider={provider} name={name} />
      <span className="flex-1 text-center">{AUTH_COPY.continueWith(name)}</span>
      {/* balances the mark so the label stays centred */}
      <span aria-hidden="true" className="w-6" />
    </a>
  );
}

export function ProviderButtons() {
  const query = useQuery({
    queryKey: PROVIDERS_KEY,
    queryFn: () => apiGet<ProvidersResponse>('/api/auth/providers') as Promise<ProvidersResponse>,
    retry: false,
  });

  let content;
  if (query.isPending) {
    content = (
      <div role="status" aria-label={AUTH_COPY.providersLoading} className="space-y-3" data-testid="provider-placeholders">
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="h-10 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
        ))}
      </div>
    );
  } else if (query.isError || !query.data) {
    content = (
      <div className="space-y-3">
        <ProviderLink provider="oidc" name={OIDC_DEFAULT_NAME} />
        <p className="text-center text-xs muted">{AUTH_COPY.providersUnavailable}</p>
      </div>
    );
  } else {
    const data = query.data;
    const available = PROVIDER_KEYS.filter((key) => data[key] === true);
    if (available.length === 0) return null;
    content = (
      <ul className="space-y-3">
        {available.map((key) => (
          <li key={key}>
            <ProviderLink provider={key} name={providerName(key, data.oidcName)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="continue-with" className="mt-6">
      <div className="relative mb-5 flex items-center">
        <div className="flex-1 border-t border-slate-200 dark:border-slate-700" />
        <h2 id="continue-with" className="px-3 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
          {AUTH_COPY.orContinueWith}
        </h2>
        <div className="flex-1 border-t border-slate-200 dark:border-slate-700" />
      </div>
      {content}
    </section>
  );
}
