// The legal pages' text: the privacy policy, terms of service and cookie policy, stating the spec's
// legal statements (minimum age, AI only on request, no tracking cookies, refunds, cancellation,
// plans). Content, not code: each body is Markdown of a few kinds (paragraphs, '- ' bullets, '> ' a
// key point, **bold**, [links](/path)) that LegalText.tsx renders; {{NAME}} stands for a value of
// LEGAL_VALUES, {{route:name}} for a route, {{stored-items}} for the list of what we store.

export interface LegalSectionText {
  id: string;
  title: string;
  body: string;
}

export interface LegalDocument {
  title: string;
  summary: string;
  sections: LegalSectionText[];
}

/** What the cookie policy lists under 'What we store'. */
export interface StoredItem {
  name: string;
  kind: string;
  purpose: string;
  lifetime: string;
}

const contact: LegalSectionText = {
  id: 'contact',
  title: 'Contact us',
  body: 'Questions about this page, or a request about your data or account? Write to [{{SUPPORT_EMAIL}}](mailto:{{SUPPORT_EMAIL}}) and a person will answer, usually within two working days.',
};

/** 'Changes to this policy' (or agreement): the same text on every page. */
const changes = (what: string): LegalSectionText => ({
  id: 'changes',
  title: `Changes to this ${what}`,
  body: `We may update this ${what} as {{APP_NAME}} grows. The date at the top of the page always shows the current version. If a change materially affects how we treat your information or your subscription, we will tell you in the app or by email before it takes effect.`,
});

export const STORED_ITEMS: StoredItem[] = [
  {
    name: '{{SESSION_COOKIE}}',
    kind: 'Cookie · strictly necessary',
    purpose: 'Keeps you signed in. It holds a random sign-in token and nothing else.',
    lifetime: 'Until you sign out, or after {{SESSION_DAYS}} days without use',
  },
  {
    name: 'Sign-in security cookie',
    kind: 'Cookie · strictly necessary',
    purpose:
      'Set only while you sign in with another provider, to link the sign-in request to its answer and block forged sign-ins.',
    lifetime: 'A few minutes; removed when sign-in finishes',
  },
  {
    name: 'lockInSessions, lockInStreak, lastLockInDate',
    kind: 'Browser storage · functional',
    purpose:
      'Used only if you try Lock-In Mode without an account: your latest {{LOCAL_HISTORY_LIMIT}} sessions and your streak, kept on your device and never sent to us.',
    lifetime: 'Until you clear your browser storage',
  },
];

export const LEGAL_DOCUMENTS = {
  privacy: {
    title: 'Privacy Policy',
    summary: `In short: we collect only what {{APP_NAME}} needs to work, we never sell it or use it for advertising, and your tasks go to an AI provider only when you ask for AI suggestions.`,
    sections: [
      {
        id: 'who-we-are',
        title: 'Who we are',
        body: `
{{APP_NAME}} is a focus and daily task app. This policy explains what information we collect when you use it, why we need it, who we share it with, and the choices you have. We keep it short on purpose: we collect only what the app needs to work.
`,
      },
      {
        id: 'information-we-collect',
        title: 'Information we collect',
        body: `
When you create an account and use {{APP_NAME}}, we store:

- **Account details:** your first and last name, email address and a password. Passwords are stored only as a salted one-way hash; we can never read them. If you sign in with another provider, we receive your name, email address and, if you have one, your profile picture from that provider.
- **Your tasks:** the tasks in your Task Bank and on Today's Focus, their descriptions and categories, your custom categories, and whether each task is complete.
- **Focus sessions:** when a Lock-In session starts and ends, the time zone you were in, its length, its goal, and whether you finished it or ended it early (and whether it came from an imported file). Streaks and analytics are calculated from these records, with the rest days you choose and the day each choice started.
- **Rooms and circles,** if you focus together with others: the rooms and circles you open or join, the task you bring to a room and whether you share its title, and whether your weekly minutes are hidden. A room is deleted a day after it ends.
- **Blocked sites,** if you use the browser extension: the sites on your list, whether it blocks them or allows only them, and the name of each browser you connect with when it last checked in. The extension sees only that list and when your sessions run: never your browsing history or what is on a page.
- **Your time zone,** so that "today", streaks and weekly figures follow your own calendar day; each session keeps the zone it was recorded in, so travelling never changes a day you already counted.
- **Subscription status:** your plan, trial dates and billing dates. Card details are entered on our payment provider's page and never reach our servers.
- **Security records:** your sign-in sessions and short-lived server logs (such as IP address and the page requested), used to keep accounts safe and to stop abuse.

If you use Lock-In Mode without an account, your session history (the latest {{LOCAL_HISTORY_LIMIT}} sessions) and streak are kept only in your browser's storage and are never sent to us.
`,
      },
      {
        id: 'how-we-use-it',
        title: 'How we use your information',
        body: `
- To provide the app: keeping your tasks in sync across your devices, running focus sessions and counting streaks.
- To show you your own analytics, focus-time recommendations and calendar feed if you are on Premium.
- To manage your plan, free trial and billing.
- To send you the emails you ask for, such as a password reset link.
- To protect your account and the service, for example by limiting repeated sign-in attempts.

We do not sell your information, we do not show advertising, and we do not use your tasks to build advertising profiles.
`,
      },
      {
        id: 'ai-features',
        title: 'AI features',
        body: `
> AI task suggestions send the content of your tasks (titles, descriptions and categories) to our AI provider only when you trigger them, by choosing to generate suggestions. Nothing is sent to an AI provider in the background.

The AI provider uses that content to produce suggestions and returns them to us; we show them to you and you decide which ones to add. AI suggestions are a Premium feature. If you never use them, your tasks never leave {{APP_NAME}} for this purpose.
`,
      },
      {
        id: 'payments',
        title: 'Payments',
        body: `
Subscriptions are paid through a card payment provider on its hosted checkout page. The payment provider collects and processes your card details under its own privacy policy; we receive only what we need to manage your plan, such as whether the payment succeeded and when the next billing date is.
`,
      },
      {
        id: 'cookies',
        title: 'Cookies and browser storage',
        body: `
We use a single strictly necessary cookie to keep you signed in, and no advertising or tracking cookies. The [Cookie Policy]({{route:cookiePolicy}}) lists exactly what is stored and why.
`,
      },
      {
        id: 'sharing',
        title: 'Who we share it with',
        body: `
We share information only with the service providers that help us run {{APP_NAME}}, and only what each one needs:

- Our hosting and database providers, which store the app and its data.
- Our card payment provider, when you start or manage a subscription.
- Our AI provider, with the content of your tasks, only when you trigger AI suggestions.
- Our email delivery provider, to send the emails you request.

When you join a room or a circle, the other people in it see your first name and last initial, whether you are focusing, gave up (and when) or finished, your task's title in a room only if you choose to share it, and your minutes this week in a circle unless you hide them. They never see your email, your quit reasons or anything else.

We may also disclose information when the law requires it, or to protect the rights and safety of our users.
`,
      },
      {
        id: 'retention',
        title: 'How long we keep it',
        body: `
We keep your account information, tasks and focus sessions for as long as you have an account. When you ask us to delete your account, we delete this information within 30 days, except for records we must keep by law (such as billing records). Sign-in sessions expire after {{SESSION_DAYS}} days without use.
`,
      },
      {
        id: 'your-rights',
        title: 'Your choices and rights',
        body: `
You can at any time:

- See and correct your name and email address on the Manage Account page.
- Edit or delete any of your tasks in the app.
- Ask us for a copy of your information, or ask us to delete your account and everything in it.
- Cancel your subscription; see the Terms of Service for what happens next.

To make a request, write to [{{SUPPORT_EMAIL}}](mailto:{{SUPPORT_EMAIL}}). Depending on where you live, you may also have the right to object to processing or to complain to your data protection authority.
`,
      },
      {
        id: 'children',
        title: "Children's privacy",
        body: `
You must be at least {{MINIMUM_AGE}} years old to use {{APP_NAME}}. We do not knowingly collect information from children under {{MINIMUM_AGE}}. If you believe a child under {{MINIMUM_AGE}} has created an account, contact us and we will delete it.
`,
      },
      {
        id: 'security',
        title: 'Security',
        body: `
Connections to {{APP_NAME}} are encrypted, passwords are stored only as strong one-way hashes, and sign-in tokens are stored only in hashed form. No system is perfectly secure, but we work to protect your information and will tell you promptly if a breach affects you.
`,
      },
      changes('policy'),
      contact,
    ],
  },
  terms: {
    title: 'Terms of Service',
    summary: `The short version: you must be {{MINIMUM_AGE}} or older, the Free plan stays free, Premium is {{PREMIUM_PRICE_LABEL}} after an optional {{TRIAL_DAYS}}-day trial, and if you cancel you keep Premium until the end of the period you paid for.`,
    sections: [
      {
        id: 'acceptance',
        title: 'Agreeing to these terms',
        body: `
These terms govern your use of {{APP_NAME}}. By creating an account or using the app, you agree to them and to our [Privacy Policy]({{route:privacyPolicy}}). If you do not agree, please do not use {{APP_NAME}}.
`,
      },
      {
        id: 'eligibility',
        title: 'Who can use {{APP_NAME}}',
        body: `
> You must be at least {{MINIMUM_AGE}} years old to use {{APP_NAME}}. If you are under the age of majority where you live, you confirm that a parent or guardian has read and agreed to these terms with you.
`,
      },
      {
        id: 'account',
        title: 'Your account',
        body: `
You are responsible for keeping your password safe and for what happens in your account. Give us accurate information, keep your email address current so we can reach you, and tell us at [{{SUPPORT_EMAIL}}](mailto:{{SUPPORT_EMAIL}}) if you think someone else has used your account.
`,
      },
      {
        id: 'plans',
        title: 'Plans and features',
        body: `
**Free (Basic).** Free users get core Lock-In Mode and basic task tracking: a Daily Focus list of up to {{DAILY_TASK_LIMIT}} tasks, completion tracking, basic organisation and a Task Bank of up to {{FREE_BANK_LIMIT}} tasks.

**Premium.** Premium users get AI task suggestions, comprehensive productivity analytics and focus optimisation (focus-time recommendations), as well as enhanced Lock-In mode, calendar integration and an unlimited Task Bank.

> AI task suggestions and productivity analytics are Premium features. They are available only while your account has an active Premium subscription or free trial.
`,
      },
      {
        id: 'trial-and-billing',
        title: 'Free trial and billing',
        body: `
Premium costs {{PREMIUM_PRICE_LABEL}}. New Premium subscribers can start with a {{TRIAL_DAYS}}-day free trial, once per account. Unless you cancel before the trial ends, your subscription continues at {{PREMIUM_PRICE_LABEL}}.

Payments are taken by our card payment provider through its hosted checkout page. Your subscription renews every month until you cancel it. Prices may change; we will tell you before a new price applies to you.
`,
      },
      {
        id: 'cancellation',
        title: 'Cancelling',
        body: `
You can cancel at any time from the Manage Account page.

> When you cancel a paid subscription, you keep Premium until the end of the billing period you have already paid for. After that, your account moves to the Free plan.

If you cancel during your free trial, Premium ends straight away and you are not charged. Your tasks stay in your account either way; on the Free plan the Free limits apply to adding new ones.
`,
      },
      {
        id: 'refunds',
        title: 'Refunds',
        body: `
Payments are processed by our payment provider, and refunds are at the payment provider's discretion under its policies. If you believe you were charged in error, contact us at [{{SUPPORT_EMAIL}}](mailto:{{SUPPORT_EMAIL}}) and we will help you raise it.
`,
      },
      {
        id: 'ai',
        title: 'AI suggestions',
        body: `
When you trigger AI task suggestions, the content of your tasks is sent to our AI provider to generate them. Nothing is sent unless you ask. Suggestions are produced automatically and may be inaccurate or unsuitable; you decide which ones to keep.
`,
      },
      {
        id: 'acceptable-use',
        title: 'Acceptable use',
        body: `
Please use {{APP_NAME}} for its purpose. You agree not to:

- break the law or infringe anyone else’s rights while using the app;
- try to get around plan limits, security measures or rate limits;
- interfere with the service, probe it for weaknesses or overload it;
- access other people’s accounts or data.
`,
      },
      {
        id: 'your-content',
        title: 'Your content',
        body: `
Your tasks, goals and categories belong to you. You give us permission to store and process them only to provide {{APP_NAME}} to you, as described in the Privacy Policy.
`,
      },
      {
        id: 'service',
        title: 'The service and our liability',
        body: `
We work hard to keep {{APP_NAME}} available and reliable, but it is provided "as is", without warranties of any kind. We may change, add or remove features, and we will give notice before removing a paid feature you rely on.

To the extent the law allows, {{APP_NAME}} is not liable for indirect or consequential losses, and our total liability to you is limited to the amount you paid us in the twelve months before the claim.
`,
      },
      {
        id: 'termination',
        title: 'Ending your use',
        body: `
You can stop using {{APP_NAME}} and ask us to delete your account at any time. We may suspend or close accounts that seriously or repeatedly break these terms; where we can, we will warn you first.
`,
      },
      changes('agreement'),
      contact,
    ],
  },
  cookies: {
    title: 'Cookie Policy',
    summary: `One strictly necessary cookie keeps you signed in. No advertising cookies, no tracking cookies. Our payment provider uses its own cookies only while you pay.`,
    sections: [
      {
        id: 'what-are-cookies',
        title: 'What cookies are',
        body: `
Cookies are small files a website stores in your browser. Similar browser storage lets a site remember things on your device. This page lists everything {{APP_NAME}} stores this way and why.
`,
      },
      {
        id: 'no-tracking',
        title: 'No advertising or tracking cookies',
        body: `
> {{APP_NAME}} does not use advertising cookies or tracking cookies, and we do not let advertisers or analytics companies set cookies through our app. The session cookie that keeps you signed in is strictly necessary for the app to work.
`,
      },
      {
        id: 'what-we-store',
        title: 'What we store',
        body: `
{{stored-items}}
`,
      },
      {
        id: 'payment-provider',
        title: "Our payment provider's cookies",
        body: `
When you start or manage a Premium subscription, you are taken to our card payment provider's hosted checkout page. The payment provider's cookies are used there during payment, for example to process the payment securely and to prevent fraud. Those cookies are set by the payment provider, not by {{APP_NAME}}, and are governed by its own cookie policy.
`,
      },
      {
        id: 'managing',
        title: 'Managing cookies',
        body: `
You can see and delete cookies in your browser's settings. If you block the session cookie, you will not be able to stay signed in, because {{APP_NAME}} cannot tell your requests apart from anyone else's without it. Because we use no optional cookies, there is nothing to switch off and no cookie banner to click through.
`,
      },
      changes('policy'),
      contact,
    ],
  },
} satisfies Record<string, LegalDocument>;
