// The free plan's status: what the server answers for a user without a trial or subscription,
// and what the client shows until the answer arrives. Apart from plans.ts, whose schemas bring zod:
// the tasks screen's first load needs this value, not the validation (bench:bundle).
import type { PlanStatus } from './plans';

export const FREE_PLAN_STATUS: PlanStatus = {
  premium: false,
  trialActive: false,
  trialExpired: false,
  trialEndsAt: null,
  hasSubscription: false,
  subscriptionStatus: null,
  hasUsedFreeTrial: false,
};
