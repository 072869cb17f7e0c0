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
} as const;

export const APP_PATHS: ReadonlySet<string> = new Set(Object.values(ROUTES));

/** ?cancel=1 on Manage Account opens the cancel dialog (the trial-ending mail's one-click way to cancel). */
export const CANCEL_LINK_PARAM = 'cancel';

/** ?quit=1 on the home page opens the running session's quit flow (the extension's 'Quit session'). */
export const QUIT_LINK_PARAM = 'quit';
