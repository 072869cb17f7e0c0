// The extension's options (also its toolbar popup): whether it is connected, the session it
// blocks for, which LockIn it talks to (host access to that origin only is asked for), and the
// sites it may show its own page on.
import { sitePattern } from '../../src/shared/blocking';
import { EXTENSION_COPY as COPY } from '../../src/shared/extension-copy';
import { appOrigin, cardUrl, originPattern, sitesWithPageAccess } from '../origins';
import { load, runningSession, type Stored } from '../store';
import { byId } from './dom';
const STATUS_TEXT: Record<Stored['status'], string> = {
  connected: COPY.statusConnected,
  unpaired: COPY.statusNotConnected,
  disconnected: COPY.statusDisconnected,
  offline: COPY.statusOffline,
};

/** Listed sites the extension may not yet show its page on (the browser's error page shows there). */
async function sitesWithoutPage(stored: Stored): Promise<string[]> {
  const sites = stored.state?.sites ?? [];
  const withPage = await sitesWithPageAccess(sites);
  return sites.filter((site) => !withPage.has(site));
}

async function render(): Promise<void> {
  const stored = await load();
  byId('status').textContent =
    STATUS_TEXT[stored.token || stored.status === 'disconnected' ? stored.status : 'unpaired'];
  const session = runningSession(stored, Date.now());
  byId('session').textContent = session ? COPY.sessionRunning(session.taskTitle) : COPY.noSession;
  byId<HTMLAnchorElement>('open').href = cardUrl(stored.appUrl);
  const input = byId<HTMLInputElement>('app-url');
  if (document.activeElement !== input) input.value = stored.appUrl;
  const missing = stored.token && stored.state?.mode === 'block_listed' ? await sitesWithoutPage(stored) : [];
  byId('pages').hidden = missing.length === 0;
  byId('pages-text').textContent = COPY.pagePermission(missing.length);
  byId('allow').onclick = async () => {
    // Asked from a click, as browsers require: host access to exactly these sites.
    await chrome.permissions.request({ origins: missing.map(sitePattern) }).catch(() => false);
    await render();
  };
}

byId<HTMLFormElement>('form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const error = byId('app-url-error');
  const origin = appOrigin(byId<HTMLInputElement>('app-url').value);
  if (!origin) {
    error.textContent = COPY.badUrl;
    return;
  }
  // Host access to that LockIn only, asked at run time (the build's own LockIn has it already).
  const allowed = await chrome.permissions.request({ origins: [originPattern(origin)] }).catch(() => false);
  if (!allowed) {
    error.textContent = COPY.permissionDenied;
    return;
  }
  error.textContent = '';
  await chrome.runtime.sendMessage({ type: 'setAppUrl', appUrl: origin });
  await chrome.tabs.create({ url: cardUrl(origin) });
});

chrome.storage.onChanged.addListener(() => void render());
void render();
void chrome.runtime.sendMessage({ type: 'check' });
