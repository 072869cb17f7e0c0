// Push subscriptions name a URL we will POST to: only the browsers' own push services may be
// named, or we would send requests anywhere a caller likes (an internal address, another site).
import { AppError } from '../http/errors';
import { PUSH_MESSAGES } from '../../shared/push';

/** Chrome/Edge-on-Android (FCM), Firefox (autopush), Edge (WNS), Safari (Apple). */
const BUILT_IN_EXACT = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const BUILT_IN_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

/** Throws 400 unless the endpoint's host is a push service we send to. */
export function assertPushEndpointAllowed(endpoint: string, allowedHosts: string[] | undefined): void {
  const url = new URL(endpoint);
  const ok = allowedHosts
    ? allowedHosts.includes(url.host.toLowerCase())
    : url.protocol === 'https:' &&
      url.port === '' &&
      (BUILT_IN_EXACT.includes(url.hostname) || BUILT_IN_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix)));
  if (!ok) throw new AppError('BAD_REQUEST', PUSH_MESSAGES.hostNotAllowed);
}
