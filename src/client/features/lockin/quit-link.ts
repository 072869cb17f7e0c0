// The browser extension's 'Quit session' opens LockIn at ?quit=1: the running session's own quit
// flow (its 5-second lock and the reason), never a way around it.
import { QUIT_LINK_PARAM } from '../../../shared/routes';

/** True once when the page was opened by the quit link; the parameter is taken off the address. */
export function takeQuitLink(): boolean {
  const url = new URL(location.href);
  if (!url.searchParams.has(QUIT_LINK_PARAM)) return false;
  url.searchParams.delete(QUIT_LINK_PARAM);
  history.replaceState(history.state, '', url);
  return true;
}
