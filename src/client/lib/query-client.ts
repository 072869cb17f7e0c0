import { QueryClient } from '@tanstack/react-query';

// The spec's data defaults: no automatic refetching, data never stale, no retries. Writes fail at
// once without a network (their toasts say so), except the ones that may wait for it, which
// features/offline/offlineChanges.ts sets up to pause and replay.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        // Offline, reads still go out once: the service worker answers them from its last copy.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
