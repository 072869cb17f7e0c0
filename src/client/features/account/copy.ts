// Words on the Manage Account page (toasts come from TOASTS in src/shared/copy.ts).
import { PREMIUM_FEATURES } from '../../../shared/copy';
import { DAILY_TASK_LIMIT, FREE_BANK_LIMIT, PREMIUM_PRICE_LABEL, TRIAL_DAYS } from '../../../shared/constants';

export const ACCOUNT_COPY = {
  pageTitle: 'Manage Account',
  heading: 'Manage Account',
  subtitle: 'Your plan and the details on your account.',
  backToHome: 'Back to Home',

  currentPlan: 'Current Plan',
  basic: 'Basic',
  free: 'Free',
  freePrice: '$0',
  perMonth: '/month',
  freeFeatures: [
    `Up to ${DAILY_TASK_LIMIT} daily tasks`,
    `Task Bank of up to ${FREE_BANK_LIMIT} tasks`,
    'Completion tracking and basic organisation',
    'Core Lock-In Mode',
  ],

  premiumFeatures: 'Premium Features',
  premiumIntro: `Everything in Basic, plus:`,
  premiumList: PREMIUM_FEATURES,
  premiumPrice: `${TRIAL_DAYS}-day free trial, then ${PREMIUM_PRICE_LABEL}. Cancel anytime.`,

  accountInformation: 'Account Information',
  confirmNewEmail: (email: string) => ({
    title: 'Confirm your new email',
    description: `We sent a link to ${email}. Your email changes when you open it; until then you sign in with the current one.`,
  }),
  name: 'Name',
  email: 'Email',
  plan: 'Plan',
  premium: 'Premium',
  notSet: 'Not set',
  editProfile: 'Edit Profile',
  firstName: 'First name',
  lastName: 'Last name',
  save: 'Save Changes',
  cancel: 'Cancel',

  otherDevices: 'Signed-in Devices',
  otherDevicesText:
    'Lost a phone, or signed in on a computer that is not yours? End every other sign-in: those browsers need your password again and stop getting reminders.',
  signOutOthers: 'Sign out of all other devices',
  signOutOthersTitle: 'Sign out of all other devices?',
  signOutOthersQuestion:
    'Every other browser, phone and connected extension is signed out and stops getting reminders. This browser stays signed in.',
  signOutOthersConfirm: 'Sign out others',
  otherDevicesSignedOut: (n: number) => ({
    title: 'Signed out of other devices',
    description:
      n === 0
        ? 'No other device was signed in. This one stays signed in.'
        : `${n} other ${n === 1 ? 'sign-in was' : 'sign-ins were'} ended. This device stays signed in.`,
  }),
  otherDevicesFailed: { title: 'Could not sign out other devices', description: 'Please try again.' },

  legal: 'Legal',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  cookies: 'Cookie Policy',
} as const;
