// The spec's route table. The server answers these with the app (200); any other page path
// gets the app with HTTP 404 so the client can render '404 Page Not Found'.
export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  subscribe: '/subscribe',
  subscribeSuccess: '/subscribe-success',
  manageSubscription: '/manage-subscription',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cookiePolicy: '/cookie-policy',
  demoCheckout: '/demo-checkout',
  /** Focus together: open a room, and join one by its code (a link adds its token: /join/<token>). */
  newRoom: '/rooms/new',
  joinRoom: '/join',
  circles: '/circles',
} as const;

/** Manage Account's anchor for the Blocked Sites card: the extension opens it after install to connect. */
export const BLOCKED_SITES_ANCHOR = 'blocked-sites';
export const BLOCKED_SITES_PATH = `${ROUTES.manageSubscription}#${BLOCKED_SITES_ANCHOR}`;

export const APP_PATHS: ReadonlySet<string> = new Set(Object.values(ROUTES));

/** The sign-in form's pages: their shell preloads the form's code, which loads before the first render. */
export const isSignInPath = (path: string): boolean => path === ROUTES.login || path === ROUTES.signup;

/** Pages with a part that varies: a Focus-together room, and an invite to one (by link, or the code form). */
const APP_PATTERNS = [
  /^\/rooms\/[0-9a-f-]{36}$/,
  /^\/join(\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{1,64})?$/,
  /^\/circles\/[0-9a-f-]{36}$/,
  /^\/circles\/join\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{1,64}$/,
];

/** True for a path the app has a page for (the server answers it 200, any other 404). */
export function isAppPath(path: string): boolean {
  return APP_PATHS.has(path) || APP_PATTERNS.some((pattern) => pattern.test(path));
}

/** ?next= on sign-in and sign-up: where to go once signed in. */
export const NEXT_PARAM = 'next';

/** `page` with ?next= pointing back at `next` (when there is one). */
export function withNext(page: string, next: string | null): string {
  return next ? `${page}?${NEXT_PARAM}=${encodeURIComponent(next)}` : page;
}

/** `next` when it is a page of this app (its path, query and fragment), else null: never another site. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://app.invalid' || !isAppPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** ?cancel=1 on Manage Account opens the cancel dialog (the trial-ending mail's one-click way to cancel). */
export const CANCEL_LINK_PARAM = 'cancel';

/** ?quit=1 on the home page opens the running session's quit flow (the extension's 'Quit session'). */
export const QUIT_LINK_PARAM = 'quit';
