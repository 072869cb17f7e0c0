// The 'You're locked in' page a listed site's tab is sent to: the task, the goal, the time left,
// 'Back to work', and 'Quit session', which opens LockIn's own quit flow (never a bypass here).
import { EXTENSION_COPY as COPY } from '../../src/shared/extension-copy';
import { QUIT_LINK_PARAM } from '../../src/shared/routes';
import { formatCountdown, minuteAnnouncement } from '../../src/client/features/lockin/timer';
import { blockedSiteOf } from '../rules';
import { load, runningSession, type Stored } from '../store';
import { byId } from './dom';
const site = blockedSiteOf(location.hash);
let stored: Stored | null = null;

function render(): void {
  if (!stored) return;
  const now = Date.now();
  const session = runningSession(stored, now);
  const running = session !== null;
  byId('session').hidden = !running;
  byId('back').hidden = !running;
  byId('quit').hidden = !running;
  byId('quit-note').hidden = !running;
  byId('over').hidden = running;
  byId('go').hidden = running || site === null;
  if (session && stored.endMs !== null) {
    const seconds = Math.ceil((stored.endMs - now) / 1000);
    byId('task').textContent = session.taskTitle;
    byId('goal').textContent = session.goalText ? `${COPY.goal}: ${session.goalText}` : '';
    byId('countdown').textContent = formatCountdown(seconds);
    const announcement = minuteAnnouncement(seconds);
    if (byId('minute').textContent !== announcement) byId('minute').textContent = announcement;
  }
}

async function start(): Promise<void> {
  stored = await load();
  const home = new URL('/', stored.appUrl);
  const quit = new URL('/', stored.appUrl);
  quit.searchParams.set(QUIT_LINK_PARAM, '1');
  if (site) byId('intro').textContent = COPY.lockedIntro(site.hostname);
  byId<HTMLAnchorElement>('back').href = home.href;
  byId<HTMLAnchorElement>('quit').href = quit.href;
  if (site) Object.assign(byId('go'), { textContent: COPY.goBack(site.hostname), href: site.href });
  render();
  setInterval(render, 1000);
}

chrome.storage.onChanged.addListener(async () => {
  stored = await load();
  render();
});

void start();
