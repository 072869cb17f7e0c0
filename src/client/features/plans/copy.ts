// Words on the plan screens (subscribe, demo checkout, success, subscription management). The
// spec's toasts live in TOASTS (src/shared/copy.ts).
import { PREMIUM_PRICE_LABEL, TRIAL_DAYS } from '../../../shared/constants';

export const PLANS_COPY = {
  subscribeTitle: 'LockIn Premium',
  trialHeading: `Start Your ${TRIAL_DAYS}-Day Free Trial`,
  /** The headline for a signed-in user whose trial runs, or who used it already. */
  inTrialHeading: "You're on your free trial",
  inTrialIntro: (ends: string | null) =>
    ends ? `Premium is yours until ${ends}. Keep it afterwards with a payment method:` : 'Premium is yours for now:',
  trialUsedHeading: 'Get LockIn Premium',
  premiumHeading: "You're on Premium",
  trialIntro: 'Everything in the free plan, plus:',
  trialFeatures: [
    'Enhanced Lock-In mode with 7 motivation features',
    'AI-powered task suggestions',
    'Comprehensive productivity analytics',
    'Unlimited tasks in Task Bank',
  ],
  startTrial: `Start ${TRIAL_DAYS}-Day Free Trial`,
  cardNote: `A credit card is required. After your ${TRIAL_DAYS}-day free trial you will be charged ${PREMIUM_PRICE_LABEL} unless you cancel before the trial ends.`,
  backToApp: 'Back to app',
  paymentsOffTitle: 'Payments are not set up yet',
  paymentsOffText:
    'This LockIn server has no payment provider configured, so Premium cannot be bought here yet. Everything in the free plan works as usual.',

  settingUp: 'Setting Up Your Subscription',
  settingUpText: 'Taking you to the secure checkout page…',
  setupErrorTitle: 'Payment Setup Error',
  returnHome: 'Return Home',
  setupFallbackTitle: 'Payment Setup',
  setupFallbackText: 'The checkout page did not open. Please try again.',
  tryAgain: 'Try Again',

  paymentError: 'Payment Error',
  noSessionId: 'No session ID found',
  settingUpAccount: 'Setting up your account...',
  settingUpAccountText: 'Confirming your subscription with the payment provider.',
  /** The demo checkout takes no payment: nothing is confirmed with anyone but this server. */
  settingUpDemoText: 'Confirming your demo subscription. No payment was taken.',
  welcome: 'Welcome to Premium!',
  welcomeText: 'Every Premium feature is now unlocked. Taking you back to the app…',
  manageAccount: 'Manage Account',
  goToApp: 'Go to App',

  demoBanner: 'Demo checkout — no card is charged',
  demoTitle: 'Checkout',
  demoExplain:
    'Stripe is not configured on this server, so this built-in page stands in for the hosted checkout. Nothing is charged and no card is asked for.',
  demoTrialPlan: `LockIn Premium — ${TRIAL_DAYS}-day free trial`,
  demoTrialPrice: `$0.00 today, then ${PREMIUM_PRICE_LABEL}`,
  demoTrialNote: `A demo trial has no payment method: it ends after ${TRIAL_DAYS} days unless you add one.`,
  demoPaidPlan: 'LockIn Premium',
  demoPaidPrice: `${PREMIUM_PRICE_LABEL}, renews monthly until cancelled`,
  demoCardPlan: 'Add a payment method to your trial',
  demoCardPrice: (trialEnd: string | null) =>
    trialEnd ? `$0.00 today, then ${PREMIUM_PRICE_LABEL} from ${trialEnd}` : `$0.00 today, then ${PREMIUM_PRICE_LABEL}`,
  demoCardNote: 'Your free trial keeps running. The card is charged only when it ends, unless you cancel before then.',
  demoAddCard: 'Add card',
  demoStartTrial: 'Start trial',
  demoSubscribe: 'Subscribe',
  demoCancel: 'Cancel',
  demoFor: 'Signed in as',
  demoLoading: 'Loading checkout…',
  demoNotFound: 'Checkout session not found',
  demoNotFoundText: 'This checkout link is not valid for your account. Start again from the subscribe page.',
  demoDone: 'This checkout is already complete.',
  demoExpired: 'This checkout was cancelled.',
  continue: 'Continue',
  backToSubscribe: 'Back to subscribe',

  subscriptionManagement: 'Subscription Management',
  status: 'Status',
  amount: 'Amount',
  nextBilling: 'Next billing',
  trialEnds: 'Trial ends',
  premiumEnds: 'Premium ends',
  none: 'None',
  freeTrial: 'Free Trial',
  active: 'Active',
  cancelling: 'Cancelling',
  trialAmount: '$0.00 (Trial)',
  paidAmount: PREMIUM_PRICE_LABEL,
  addPaymentMethod: 'Add Payment Method',
  addPaymentMethodHint: 'Your trial has no payment method yet. Add one to keep Premium after the trial ends.',
  cancelSubscription: 'Cancel Subscription',
  cancellingNote: (date: string) => `Your subscription has been cancelled. Premium stays on until ${date}.`,
  demoEndedNote: (date: string) =>
    `This server no longer offers the demo checkout, so your demo plan ends on ${date} and does not renew. Nothing was or will be charged.`,
  cancelTitle: 'Cancel your subscription?',
  cancelPaid: (date: string) =>
    `You keep every Premium feature until ${date}. After that your account returns to the free plan.`,
  cancelTrial: 'Your free trial ends now and Premium features stop immediately.',
  reasonLabel: 'Reason for cancelling (optional)',
  keepSubscription: 'Keep Subscription',
  confirmCancel: 'Cancel Subscription',
  detailsLoading: 'Loading subscription details…',
  detailsFailed: 'Could not load your subscription details.',
} as const;

/** The Manage Account and upsell subscribe-button text rule of spec section 4. */
export const SUBSCRIBE_BUTTON = {
  subscribe: `Subscribe to Premium (${PREMIUM_PRICE_LABEL})`,
  upgrade: `Upgrade to Premium (${PREMIUM_PRICE_LABEL})`,
  startTrial: `Start ${TRIAL_DAYS}-Day Free Trial`,
} as const;
