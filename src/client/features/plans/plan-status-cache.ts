// How long the client keeps the plan (spec section 7): its own module, so the first page's code can
// prefetch the plan without loading the plan rules (and zod with them).
import { SUBSCRIPTION_STATUS_GC_MS, SUBSCRIPTION_STATUS_STALE_MS } from '../../../shared/constants';

export const PLAN_STATUS_CACHE = {
  staleTime: SUBSCRIPTION_STATUS_STALE_MS,
  gcTime: SUBSCRIPTION_STATUS_GC_MS,
  retry: false,
} as const;
