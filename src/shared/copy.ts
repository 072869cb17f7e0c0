// UI copy the spec quotes verbatim. Titles and texts of toasts are kept in pairs so client
// and server (403 messages) say exactly the same thing.
import { PASSWORD_RESET_TTL_MS } from './constants';

export interface ToastCopy {
  title: string;
  description: string;
}

const toast = (title: string, description: string): ToastCopy => ({ title, description });

export const TOASTS = {
  paymentCancelled: toast('Payment Cancelled', 'You can still start your free trial or try payment again later.'),
  authenticationRequired: toast('Authentication Required', 'Please log in to set up your subscription.'),
  alreadySubscribed: toast('Already Subscribed', 'You already have an active subscription!'),
  paymentSetupError: toast('Payment Setup Error', 'Failed to start subscription process'),
  premiumActivated: toast('Premium Activated!', 'Welcome to LockIn Premium. Enjoy every feature.'),
  paymentSuccessful: toast(
    'Payment Successful',
    'Your payment was processed. Premium features should be available now.',
  ),
  /** The success page when the provider does not confirm the checkout (made up, refused, unfinished). */
  paymentNotConfirmed: toast(
    'Payment Not Confirmed',
    'We could not confirm this checkout, so Premium is not on. If you finished paying, it turns on once the payment provider confirms it: check Manage Account in a few minutes. If you did not, nothing was charged.',
  ),
  subscriptionDetailsFailed: toast('Error', 'Failed to load subscription details'),
  profileUpdated: toast('Profile Updated', 'Your account information has been updated successfully.'),
  updateFailed: toast('Update Failed', 'Failed to update profile information'),
  subscriptionCancelled: toast(
    'Subscription Cancelled',
    'Your subscription has been cancelled. You can continue using premium features until the end of your billing period.',
  ),
  cancellationFailed: toast('Cancellation Failed', 'Failed to cancel subscription. Please try again.'),
  loginFailed: toast('Login Failed', 'Invalid email or password'),
  registrationFailed: toast('Registration Failed', 'Failed to create account'),
  accountCreated: toast('Account Created', "Welcome to LockIn! You're now signed in."),
  accountAlreadyExists: toast(
    'Account Already Exists',
    'An account with this email already exists. Please use the same login method you used to create your account, or contact support.',
  ),
  resetLinkSent: toast('Reset Link Sent', 'If an account with that email exists, a password reset link has been sent.'),
  resetEmailFailed: toast('Error', 'Failed to send reset email. Please try again.'),
  passwordReset: toast('Password Reset', 'Your password has been successfully reset. You can now log in.'),
  resetFailed: toast('Reset Failed', 'Failed to reset password. The link may be expired.'),
  emailRequired: toast('Email Required', 'Please enter your email address.'),
  fieldsRequired: toast('Fields Required', 'Please fill in all password fields.'),
  passwordsDontMatch: toast("Passwords Don't Match", 'Please make sure both password fields match.'),
  passwordTooShort: toast('Password Too Short', 'Password must be at least 8 characters long.'),
  invalidLink: toast('Invalid Link', 'This password reset link is invalid or missing.'),
  taskLimitReached: toast('Task Limit Reached', 'Upgrade to Premium to add more than 10 tasks to your Task Bank.'),
  dailyTaskLimitReached: toast(
    'Daily Task Limit Reached',
    'You can only have 5 tasks per day. Complete or remove a task to add more.',
  ),
  invalidCategory: toast('Invalid Category', 'Category already exists or is empty.'),
} as const;

export const taskAlreadyAdded = (title: string) =>
  toast('Task Already Added', `"${title}" is already in your daily tasks.`);
export const taskAdded = (title: string) => toast('Task Added!', `"${title}" has been added to your daily tasks.`);
export const categoryAdded = (name: string) => toast('Category Added!', `"${name}" has been added to your categories.`);
export const categoryRemoved = (name: string) =>
  toast('Category Removed', `"${name}" has been removed from your categories.`);
export const dailyResetComplete = (removed: number, carried: number) =>
  toast(
    'Daily Reset Complete',
    `Removed ${removed} completed ${removed === 1 ? 'task' : 'tasks'} and carried over ${carried} incomplete ${carried === 1 ? 'task' : 'tasks'}.`,
  );

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  unknownTimeZone: 'Time zone is not one this server knows; pick a current IANA name such as America/Los_Angeles',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  notSignedIn: 'Not signed in',
} as const;

/** A request refused because the server has more than it can work on (API_QUEUE_MAX waiting). */
export const SERVER_BUSY_MESSAGE = 'LockIn is busy right now. Please try again in a moment.';

export const NOT_FOUND_TITLE = '404 Page Not Found';

/** Labels the spec quotes on the public screens (landing, legal pages, 404). */
export const PUBLIC_COPY = {
  signIn: 'Sign in',
  lockIn: 'Lock In',
  getStartedFree: 'Get Started Free',
  startFreeTrial: 'Start Free Trial',
  noPaymentRequired: 'No payment required',
  createAccount: 'Create an Account',
  backToHome: 'Back to Home',
  lastUpdated: 'Last updated:',
  helpCenter: 'Help Center',
  faq: 'FAQ',
  comingSoon: 'Coming soon',
} as const;

/** '1 hour', '2 hours' or '30 minutes': how long something lasts, as the emails and pages say it. */
export function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minutes`;
}

/** How long a password-reset link works, in the words both the email and the page use. */
export const RESET_LINK_VALID_FOR = durationText(PASSWORD_RESET_TTL_MS);

/**
 * What Premium unlocks, in the spec's words (its plan summary), as the landing page's pricing
 * card and the Manage Account page's Premium Features card list it: one list, so they cannot drift.
 */
export const PREMIUM_FEATURES = [
  'Enhanced Lock-In mode with 7 motivation features',
  'AI task suggestions',
  'Comprehensive productivity analytics',
  'Focus-time recommendations',
  'Calendar integration',
  'Unlimited Task Bank',
] as const;

/** What a screen reader hears after a change that moves no focus (WCAG 4.1.3). */
export const ANNOUNCEMENTS = {
  bankTaskAdded: (title: string) => `Added "${title}" to your Task Bank`,
  bankTaskSaved: (title: string) => `Saved "${title}"`,
  bankTaskDeleted: 'Task deleted from your Task Bank',
  sitesAdded: (sites: readonly string[]) =>
    sites.length === 1
      ? `Added ${sites[0]} to your blocked sites`
      : `Added ${sites.length} sites to your blocked sites`,
  siteRemoved: (site: string) => `Removed ${site} from your blocked sites`,
} as const;
