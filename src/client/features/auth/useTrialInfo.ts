// Seam for the plans domain: the account menu shows 'Trial ends: {date}' only while a trial is
// active and there is no paid subscription. No plan data exists yet, so this answers "no trial".
// When plans land, read GET /api/subscription-status here (only when signed in) and map it:
//   { active: trialActive && !hasSubscription, endsAt: trialEndsAt ? new Date(trialEndsAt) : null }
export interface TrialInfo {
  /** A free trial is running and no subscription has been bought. */
  active: boolean;
  /** When it ends; null shows 'Unknown'. */
  endsAt: Date | null;
}

export const NO_TRIAL: TrialInfo = { active: false, endsAt: null };

export function useTrialInfo(_signedIn: boolean): TrialInfo {
  return NO_TRIAL;
}
