// The tasks domain asks one question of the plans domain: is this user premium (unlimited Task
// Bank)? Until plans exist every user is on the free plan.
import type { AppDeps } from '../deps';

/**
 * The ONE place the tasks domain learns a user's plan. The plans domain will replace this body
 * with its own lookup (trial or active subscription); callers already pass what it needs.
 */
export async function isPremium(_deps: AppDeps, _userId: string): Promise<boolean> {
  return false;
}
