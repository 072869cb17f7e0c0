// Words on the sign-in, sign-up and password-recovery screens and the account menu. Toasts come
// from TOASTS in src/shared/copy.ts (the server says the same things); these strings only the
// browser shows, so they live beside the screens that use them.

export const AUTH_COPY = {
  /** Above the form when the LockIn extension sent the person here (it opens Blocked Sites after install). */
  extensionNext:
    'Sign in (or create an account) to connect the LockIn extension. You will go straight to Blocked Sites, where one click connects this browser.',
  signInTitle: 'Welcome Back',
  signUpTitle: 'Create Your Account',
  signInSubtitle: 'Sign in to pick up where you left off.',
  signUpSubtitle: 'Start focusing on what matters today.',
  signInPageTitle: 'Sign In',
  signUpPageTitle: 'Sign Up',
  toSignIn: 'Already have an account? Sign in',
  toSignUp: "Don't have an account? Sign up",
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  passwordHint: (min: number) => `At least ${min} characters.`,
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  signInButton: 'Sign In',
  signUpButton: 'Create Account',
  forgotLink: 'Forgot your password?',
  orContinueWith: 'Or continue with',
  continueWith: (name: string) => `Continue with ${name}`,
  providersLoading: 'Loading sign-in options',
  providersUnavailable: 'More sign-in options appear once their OAuth credentials are configured on the server.',
  termsPrefix: 'By continuing you agree to our',
  terms: 'Terms of Service',
  and: 'and',
  privacy: 'Privacy Policy',
  blurbs: [
    { title: 'Focus Mode', text: 'Timed Lock-In sessions that keep you on one task until the clock runs out.' },
    { title: 'Task Suggestions', text: 'Smart task ideas drawn from the work you already plan.' },
  ],

  forgotPageTitle: 'Forgot Password',
  forgotTitle: 'Forgot your password?',
  forgotSubtitle: "Enter your account's email and we'll send you a link to choose a new password.",
  sendResetLink: 'Send Reset Link',
  emailSentTitle: 'Email Sent',
  emailSentText: (email: string, validFor: string) =>
    `If an account exists for ${email}, a reset link is on its way. The link works for ${validFor}.`,
  backToLogin: 'Back to Login',
  sendAnother: 'Send Another',
  rememberedIt: 'Remembered it?',

  resetPageTitle: 'Reset Password',
  resetTitle: 'Choose a New Password',
  resetSubtitle: (min: number) => `Your new password needs at least ${min} characters.`,
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  showPasswords: 'Show passwords',
  resetButton: 'Reset Password',
  invalidLinkTitle: 'Invalid Reset Link',
  invalidLinkText: 'This password reset link is invalid or missing. Request a new one to continue.',
  requestNewLink: 'Request New Reset Link',
  resetDoneTitle: 'Password Reset',
  resetDoneText:
    'Your password has been changed and every other session was signed out. Sign in with your new password.',
  goToLogin: 'Go to Login',

  confirmEmailTitle: 'Confirm your new email',
  confirmEmailText: 'Press the button to make this address the email of your LockIn account.',
  confirmEmailButton: 'Confirm New Email',
  confirmEmailDoneTitle: 'Email Changed',
  confirmEmailDoneText: (email: string) => `Your account's email is now ${email}. Sign in with it from now on.`,
  confirmEmailFailedTitle: 'Email Not Changed',
  confirmEmailFailedText:
    'This email confirmation link is invalid or missing. Change your email again from Manage Account.',
  goToApp: 'Go to LockIn',
  goToManageAccount: 'Go to Manage Account',
} as const;

export const MENU_COPY = {
  loading: 'Loading...',
  signIn: 'Sign In',
  accountMenu: 'Account menu',
  premium: 'Premium member',
  manageAccount: 'Manage Account',
  circles: 'Circles',
  keyboardShortcuts: 'Keyboard shortcuts',
  installApp: 'Install app',
  trialEnds: (date: string) => `Trial ends: ${date}`,
  unknownDate: 'Unknown',
  signOut: 'Sign Out',
} as const;
