// The plans domain's timed work: at start, demo plans end when the demo checkout is off
// (demo-off.ts); then every minute, the demo trials that convert within three days are mailed
// (trial-ending.ts).
import type { AppDeps } from '../deps';
import { startSweep } from '../ops/sweep';
import { endDemoPlansWhenDemoIsOff } from './demo-off';
import { mailDemoTrialsEnding } from './trial-ending';

export const PLAN_SWEEP_MS = 60_000;

export function startPlanSweeps(deps: AppDeps): () => Promise<void> {
  let first = true;
  return startSweep(
    'plan sweep',
    PLAN_SWEEP_MS,
    async () => {
      if (first) {
        await endDemoPlansWhenDemoIsOff(deps);
        first = false;
      }
      await mailDemoTrialsEnding(deps);
    },
    deps.log,
    { firstRunInMs: 0 },
  );
}
