// What the browser is told to block while a session runs: pure, so a unit test pins every case.
// Sites the extension may show its own page on (the user granted it that host) are redirected to
// the 'You're locked in' page; the rest are blocked with the browser's own error page, which needs
// no host access. 'Allow only' blocks every other site that way (a redirect would need them all).
import type { ExtensionState } from '../src/shared/blocking';

type Rule = chrome.declarativeNetRequest.Rule;

const MAIN_FRAME: ['main_frame'] = ['main_frame'];

export const RULE_IDS = { redirect: 1, block: 2, allow: 3, blockAll: 4 } as const;

/** The session's end on this computer's clock (the server's `now` gives the offset). */
export function sessionEndMs(state: ExtensionState, receivedAtMs: number): number | null {
  if (!state.session) return null;
  return Date.parse(state.session.endsAt) - (Date.parse(state.serverNow) - receivedAtMs);
}

export function blockingRules(
  state: ExtensionState | null,
  options: { endMs: number | null; nowMs: number; permitted: ReadonlySet<string>; appHost: string; lockedPage: string },
): Rule[] {
  if (!state?.session || options.endMs === null || options.endMs <= options.nowMs) return [];
  if (state.mode === 'allow_only') {
    return [
      {
        id: RULE_IDS.allow,
        priority: 2,
        action: { type: 'allow' },
        condition: { requestDomains: [...state.sites, options.appHost], resourceTypes: MAIN_FRAME },
      },
      {
        id: RULE_IDS.blockAll,
        priority: 1,
        action: { type: 'block' },
        condition: { regexFilter: '^https?://', resourceTypes: MAIN_FRAME },
      },
    ];
  }
  const shown = state.sites.filter((site) => options.permitted.has(site));
  const blocked = state.sites.filter((site) => !options.permitted.has(site));
  const rules: Rule[] = [];
  if (shown.length > 0)
    rules.push({
      id: RULE_IDS.redirect,
      priority: 1,
      action: {
        type: 'redirect',
        // The page learns which site was asked for from its fragment, to offer it back at the end.
        redirect: { regexSubstitution: `${options.lockedPage}#\\0` },
      },
      condition: { requestDomains: shown, regexFilter: '^https?://.*', resourceTypes: MAIN_FRAME },
    });
  if (blocked.length > 0)
    rules.push({
      id: RULE_IDS.block,
      priority: 1,
      action: { type: 'block' },
      condition: { requestDomains: blocked, resourceTypes: MAIN_FRAME },
    });
  return rules;
}

/** The site a blocked page's fragment names, when it is a web address (nothing else is offered). */
export function blockedSiteOf(hash: string): URL | null {
  try {
    const url = new URL(hash.replace(/^#/, ''));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
