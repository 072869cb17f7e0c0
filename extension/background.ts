// The extension's background: asks LockIn whether a session runs (when the page says one started
// or ended, and at least every minute), and turns the answer into declarativeNetRequest rules, so
// the extension never sees a request. An alarm at the session's end lifts the rules even when the
// network is gone.
import {
  EXTENSION_CHECK_SECONDS,
  EXTENSION_STATE_PATH,
  type ExtensionState,
  sitePattern,
} from '../src/shared/blocking';
import { BRIDGE, type ExtensionStatus } from '../src/shared/extension-bridge';
import { blockingRules, RULE_IDS, sessionEndMs } from './rules';
import { appOrigin, cardUrl, originPattern, sitesWithPageAccess } from './origins';
import { load, save } from './store';
import { EXTENSION_COPY as COPY } from '../src/shared/extension-copy';

const CHECK_ALARM = 'check';
const END_ALARM = 'session-end';
const BRIDGE_SCRIPT = 'lockin-bridge';
const lockedPage = () => chrome.runtime.getURL('pages/locked.html');

/** Lets LockIn's page (on the chosen origin only) talk to the extension. */
async function registerBridge(appUrl: string): Promise<void> {
  await chrome.scripting.unregisterContentScripts({ ids: [BRIDGE_SCRIPT] }).catch(() => undefined);
  await chrome.scripting.registerContentScripts([
    { id: BRIDGE_SCRIPT, matches: [originPattern(appUrl)], js: ['content.js'], runAt: 'document_start' },
  ]);
}

function scheduleCheck(seconds: number): void {
  const minutes = Math.max(seconds, 1) / 60;
  void chrome.alarms.create(CHECK_ALARM, { delayInMinutes: minutes, periodInMinutes: minutes });
}

/** Asks LockIn for the state; a network failure keeps the rules (the end alarm still lifts them). */
async function check(): Promise<void> {
  const stored = await load();
  if (!stored.token) return apply();
  const response = await fetch(new URL(EXTENSION_STATE_PATH, stored.appUrl), {
    headers: { authorization: `Bearer ${stored.token}` },
    cache: 'no-store',
  }).catch(() => null);
  if (response?.status === 401) {
    // Disconnected, signed out everywhere or deleted: block nothing until connected again.
    await save({ token: null, browserId: null, status: 'disconnected', state: null, endMs: null });
    await chrome.alarms.clear(CHECK_ALARM);
    return apply();
  }
  if (!response?.ok) {
    await save({ status: 'offline' });
    return scheduleCheck(EXTENSION_CHECK_SECONDS);
  }
  const state = (await response.json()) as ExtensionState;
  await save({ status: 'connected', state, endMs: sessionEndMs(state, Date.now()) });
  await apply();
  scheduleCheck(state.checkAfterSeconds);
}

let applying: Promise<void> = Promise.resolve();

/** One application at a time: a page's nudge and the minute's check may answer together. */
function apply(): Promise<void> {
  applying = applying.then(applyNow, applyNow);
  return applying;
}

/**
 * Listed sites this extension may not show its own page on (block mode only: 'allow only' closes
 * every other site with the browser's page anyway).
 */
async function sitesWithoutPage(): Promise<string[]> {
  const stored = await load();
  if (!stored.token || stored.state?.mode !== 'block_listed') return [];
  const sites = stored.state.sites;
  const permitted = await sitesWithPageAccess(sites);
  return sites.filter((site) => !permitted.has(site));
}

/** Makes the browser's rules what the stored state says, and moves tabs already on listed sites. */
async function applyNow(): Promise<void> {
  const stored = await load();
  const sites = stored.token ? (stored.state?.sites ?? []) : [];
  const permitted = await sitesWithPageAccess(sites);
  // 'ON' while blocking; '!' while some listed site would show the browser's page (asked again
  // each time the list grows), with a title saying what to do.
  const missing = await sitesWithoutPage();
  const rules = stored.token
    ? blockingRules(stored.state, {
        endMs: stored.endMs,
        nowMs: Date.now(),
        permitted,
        appHost: new URL(stored.appUrl).hostname,
        lockedPage: lockedPage(),
      })
    : [];
  await chrome.declarativeNetRequest.updateDynamicRules({ removeRuleIds: Object.values(RULE_IDS), addRules: rules });
  await chrome.action.setBadgeText({ text: rules.length > 0 ? 'ON' : missing.length > 0 ? '!' : '' });
  await chrome.action.setTitle({ title: missing.length > 0 ? COPY.badgeTitle(missing.length) : 'LockIn' });
  if (rules.length === 0 || stored.endMs === null) {
    await chrome.alarms.clear(END_ALARM);
    return;
  }
  await chrome.alarms.create(END_ALARM, { when: stored.endMs });
  if (rules.some((rule) => rule.id === RULE_IDS.redirect)) await moveOpenTabs([...permitted]);
}

/** Tabs already open on a listed site go to the locked page (host access finds only those tabs). */
async function moveOpenTabs(sites: string[]): Promise<void> {
  const tabs = await chrome.tabs.query({ url: sites.map(sitePattern) });
  await Promise.all(
    tabs.map((tab) =>
      tab.id !== undefined && tab.url ? chrome.tabs.update(tab.id, { url: `${lockedPage()}#${tab.url}` }) : null,
    ),
  );
}

type Incoming =
  | { type: 'hello' | 'sync' | 'check' }
  | { type: 'connect'; id: string; token: string }
  | { type: 'setAppUrl'; appUrl: string };

async function onMessage(message: Incoming, sender: chrome.runtime.MessageSender): Promise<ExtensionStatus | null> {
  const stored = await load();
  const fromOwnPage = sender.id === chrome.runtime.id && sender.url?.startsWith(chrome.runtime.getURL(''));
  const fromApp = !fromOwnPage && sender.url !== undefined && new URL(sender.url).origin === stored.appUrl;
  const newAppUrl = message.type === 'setAppUrl' ? appOrigin(message.appUrl) : null;
  if (fromOwnPage && newAppUrl) {
    // Another LockIn: its credential is not this one's.
    if (newAppUrl !== stored.appUrl)
      await save({
        appUrl: newAppUrl,
        token: null,
        browserId: null,
        status: 'unpaired',
        state: null,
        endMs: null,
      });
    await registerBridge(newAppUrl);
    await apply();
  } else if (fromApp && message.type === 'connect') {
    await save({ token: message.token, browserId: message.id, status: 'connected' });
    await check();
    // The second half of connecting: the extension's page asks, in one click, to show LockIn's
    // page on the listed sites (a browser lets an extension ask only from a click on its own page).
    if ((await sitesWithoutPage()).length > 0) await chrome.runtime.openOptionsPage();
  } else if ((fromApp && message.type === 'sync') || (fromOwnPage && message.type === 'check')) {
    await check();
  } else if (!(fromApp && message.type === 'hello')) {
    return null;
  }
  const now = await load();
  return {
    source: BRIDGE.fromExtension,
    version: chrome.runtime.getManifest().version,
    browserId: now.token ? now.browserId : null,
    withoutPage: await sitesWithoutPage(),
  };
}

chrome.runtime.onMessage.addListener((message: Incoming, sender, reply) => {
  onMessage(message, sender).then(reply, () => reply(null));
  return true;
});

chrome.alarms.onAlarm.addListener((alarm) => {
  // At the end the stored state lifts the rules before anything is asked of the network.
  if (alarm.name === END_ALARM) void apply().then(check);
  if (alarm.name === CHECK_ALARM) void check();
});

chrome.runtime.onStartup.addListener(() => void check());

chrome.permissions.onAdded.addListener(() => void apply());

chrome.runtime.onInstalled.addListener(async ({ reason }) => {
  const { appUrl } = await load();
  await registerBridge(appUrl);
  // The first step of connecting: LockIn's card, where one click connects this browser.
  if (reason === 'install') await chrome.tabs.create({ url: cardUrl(appUrl) });
  await check();
});
