// The visitor's landing page: the value proposition, what LockIn does, the two plans, and the
// ways in. '/api/login' is a server redirect, so links to it are plain <a href>, not router Links.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_NAME, DAILY_TASK_LIMIT, FREE_BANK_LIMIT, PREMIUM_PRICE_USD, TRIAL_DAYS } from '../../../shared/constants';
import { PREMIUM_FEATURES, PUBLIC_COPY } from '../../../shared/copy';
import { ROUTES } from '../../../shared/routes';
import { Badge } from '../../ui/Badge';
import { buttonClass } from '../../ui/Button';
import { CheckIcon, SparklesIcon } from '../../ui/icons';
import { PublicLayout } from '../../ui/PublicLayout';
import { usePageTitle } from '../../ui/usePageTitle';
import { ArrowRightIcon, BankIcon, ChartIcon, FlameIcon, TargetIcon, TimerIcon } from './icons';
import { HeroPreview } from './HeroPreview';
import { useLockIn } from '../lockin/LockInProvider';
import { LOCKIN_COPY } from '../../../shared/lockin';
import { usePremiumList, useSuggestionSource } from '../ai/useSuggestionWords';

/** Where the landing page's sign-in links lead (a server redirect into the sign-in flow). */
const SIGN_IN_HREF = '/api/login';
/** The issuer when one is configured (as sign-in), else the sign-up form. */
const SIGN_UP_HREF = '/api/login?signup';

const sectionHeading = 'text-balance text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white';
const eyebrow = 'text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-300';

export function LandingPage(_props: { mode?: 'signin' | 'signup' }) {
  usePageTitle('Focus on what matters today');
  return (
    <PublicLayout
      nav={
        <>
          <a
            href="#features"
            className="hidden rounded-lg px-3 py-2 text-sm font-medium text-slate-700 no-underline hover:text-slate-900 focus-ring sm:inline-block dark:text-slate-300 dark:hover:text-white"
          >
            Features
          </a>
          <a
            href="#pricing"
            className="hidden rounded-lg px-3 py-2 text-sm font-medium text-slate-700 no-underline hover:text-slate-900 focus-ring sm:inline-block dark:text-slate-300 dark:hover:text-white"
          >
            Pricing
          </a>
          <a href={SIGN_IN_HREF} className={buttonClass('outline', 'sm')}>
            {PUBLIC_COPY.signIn}
          </a>
        </>
      }
    >
      <Hero />
      <Features />
      <HowItWorks />
      <Pricing />
      <ClosingCall />
    </PublicLayout>
  );
}

function Hero() {
  const lockIn = useLockIn();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-brand-100 via-brand-50/0 to-violet-100 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-32 h-96 w-96 rounded-full bg-brand-300/40 blur-3xl dark:bg-brand-700/30"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-24 h-96 w-96 rounded-full bg-violet-300/40 blur-3xl dark:bg-violet-800/30"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-medium text-brand-800 dark:border-brand-800 dark:bg-slate-900/80 dark:text-brand-200">
            <TimerIcon className="h-4 w-4" />
            Focus sessions for real work
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl dark:text-white"
          >
            Block out distraction.{' '}
            <span className="bg-gradient-to-r from-brand-600 to-violet-600 bg-clip-text text-transparent dark:from-brand-300 dark:to-violet-300">
              Finish what matters today.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-700 dark:text-slate-300">
            {APP_NAME} keeps your tasks in one bank, narrows today down to {DAILY_TASK_LIMIT} that count, and helps you
            commit to timed focus sessions until they are done. Build a streak, one day at a time.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-center">
            <Link
              to={ROUTES.signup}
              className="btn btn-primary h-14 whitespace-nowrap px-10 text-lg shadow-lg shadow-brand-600/30"
            >
              {PUBLIC_COPY.lockIn}
              <ArrowRightIcon />
            </Link>
            {/* Visitors can try a session right away; its history stays in this browser. */}
            <button
              type="button"
              className="btn btn-outline h-14 whitespace-nowrap px-6 text-base"
              onClick={() => lockIn.open()}
            >
              <TimerIcon className="h-5 w-5" />
              {LOCKIN_COPY.tryFocus}
            </button>
            <p className="text-sm muted">
              Free forever for the basics.
              <br className="hidden sm:inline" /> Upgrade whenever you like.
            </p>
          </div>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
  tone: string;
  premium?: boolean;
}

const FEATURES: Feature[] = [
  {
    title: 'Task Bank',
    text: 'Keep every task you care about in one place, sorted into categories, ready to pull into any day.',
    icon: <BankIcon />,
    tone: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
  },
  {
    title: "Today's Focus",
    text: `Pick up to ${DAILY_TASK_LIMIT} tasks for today. Whatever you do not finish carries over to tomorrow, so nothing slips.`,
    icon: <TargetIcon />,
    tone: 'bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100',
  },
  {
    title: 'Lock-In focus sessions',
    text: 'Set a goal, commit to a countdown and stay with it. Quitting takes a deliberate step; finishing earns a celebration.',
    icon: <TimerIcon />,
    tone: 'bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100',
  },
  {
    title: 'Daily streaks',
    text: 'Every day with a completed session grows your streak. Watch the flame climb from Beginner to Master.',
    icon: <FlameIcon />,
    tone: 'bg-orange-100 text-orange-800 dark:bg-orange-900 dark:text-orange-100',
  },
  {
    // Named 'AI' only where a model answers (Features below).
    title: 'Task suggestions',
    text: 'Stuck on what comes next? Get task ideas drawn from your own tasks and categories, and add them in one click.',
    icon: <SparklesIcon className="h-6 w-6" />,
    tone: 'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-900 dark:text-fuchsia-100',
    premium: true,
  },
  {
    title: 'Productivity analytics',
    text: 'See your focus time, streaks, category breakdowns and your best focus hours on a clear dashboard.',
    icon: <ChartIcon />,
    tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
    premium: true,
  },
];

function Features() {
  const aiModel = useSuggestionSource() === 'model';
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className={eyebrow}>Everything you need to focus</p>
          <h2 id="features-title" className={`mt-3 ${sectionHeading}`}>
            A calmer way to get through your day
          </h2>
          <p className="mt-4 text-lg muted">
            No endless lists. Choose a handful of tasks, give each one your full attention, and let {APP_NAME} keep
            score.
          </p>
        </div>
        <ul className="mt-14 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card p-6 transition-shadow hover:shadow-md">
              <div className="flex items-center justify-between gap-3">
                <span className={`flex h-12 w-12 items-center justify-center rounded-xl ${feature.tone}`}>
                  {feature.icon}
                </span>
                {feature.premium && <Badge tone="brand">Premium</Badge>}
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">
                {aiModel && feature.title === 'Task suggestions' ? 'AI suggestions' : feature.title}
              </h3>
              <p className="mt-2 text-sm leading-6 muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const STEPS = [
  { title: 'Fill your Task Bank', text: 'Capture the tasks on your mind and give each a category.' },
  { title: `Choose today's ${DAILY_TASK_LIMIT}`, text: "Move the tasks that matter most onto Today's Focus." },
  { title: 'Lock in', text: 'Start a timed session with a goal, stay with it, and celebrate when the timer ends.' },
];

function HowItWorks() {
  return (
    <section
      aria-labelledby="how-title"
      className="border-y border-slate-200 bg-slate-50 py-20 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="how-title" className={`text-center ${sectionHeading}`}>
          How it works
        </h2>
        <ol className="mt-12 grid list-none gap-8 p-0 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-sm leading-6 muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const FREE_FEATURES = [
  `Daily Focus list of up to ${DAILY_TASK_LIMIT} tasks`,
  'Completion tracking',
  'Basic organisation',
  `Task Bank of up to ${FREE_BANK_LIMIT} tasks`,
];

function PlanFeatures({ items, highlight }: { items: readonly string[]; highlight?: boolean }) {
  return (
    <ul className="mt-8 list-none space-y-3 p-0">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 text-sm text-slate-800 dark:text-slate-200">
          <span
            className={`mt-0.5 flex h-5 w-5 flex-none items-center justify-center rounded-full ${highlight ? 'bg-brand-600 text-white' : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100'}`}
          >
            <CheckIcon className="h-3.5 w-3.5" />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

function Pricing() {
  const premiumFeatures = usePremiumList(PREMIUM_FEATURES);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className={eyebrow}>Pricing</p>
          <h2 id="pricing-title" className={`mt-3 ${sectionHeading}`}>
            Start free. Go further with Premium.
          </h2>
          <p className="mt-4 text-lg muted">Simple plans, no surprises. Cancel any time.</p>
        </div>
        <div className="mt-14 grid gap-8 md:grid-cols-2">
          <article aria-labelledby="plan-free" className="card flex flex-col p-8">
            <h3 id="plan-free" className="text-lg font-semibold text-slate-900 dark:text-white">
              Free <span className="font-normal muted">(Basic)</span>
            </h3>
            <p className="mt-2 text-sm muted">Everything you need to build a focused daily routine.</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-5xl font-extrabold tracking-tight text-slate-900 dark:text-white">$0</span>
              <span className="text-base muted">/month</span>
            </p>
            <PlanFeatures items={FREE_FEATURES} />
            <div className="mt-auto pt-8">
              <a href={SIGN_UP_HREF} className={buttonClass('outline', 'lg', 'w-full')}>
                {PUBLIC_COPY.getStartedFree}
              </a>
            </div>
          </article>

          <article
            aria-labelledby="plan-premium"
            className="card relative flex flex-col border-2 border-brand-600 p-8 shadow-xl shadow-brand-600/10 dark:border-brand-400"
          >
            <span className="absolute -top-3.5 left-8 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
              {TRIAL_DAYS}-day free trial
            </span>
            <h3 id="plan-premium" className="text-lg font-semibold text-slate-900 dark:text-white">
              Premium
            </h3>
            <p className="mt-2 text-sm muted">For people who want to understand and sharpen how they focus.</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-5xl font-extrabold tracking-tight text-slate-900 dark:text-white">
                ${PREMIUM_PRICE_USD}
              </span>
              <span className="text-base muted">/month</span>
            </p>
            <p className="mt-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
              Try it free for {TRIAL_DAYS} days. {PUBLIC_COPY.noPaymentRequired}.
            </p>
            <PlanFeatures items={premiumFeatures} highlight />
            <div className="mt-auto pt-8">
              <Link to={ROUTES.subscribe} className={buttonClass('primary', 'lg', 'w-full')}>
                {PUBLIC_COPY.startFreeTrial}
              </Link>
            </div>
          </article>
        </div>
      </div>
    </section>
  );
}

function ClosingCall() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-16 -top-16 h-56 w-56 rounded-full bg-white/10"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-20 -left-10 h-56 w-56 rounded-full bg-white/10"
        />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to lock in?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-indigo-50">
          Create your free account in under a minute and start your first focus session today.
        </p>
        <div className="relative mt-8 flex justify-center">
          <Link
            to={ROUTES.signup}
            className="btn h-12 bg-white px-8 text-base font-semibold text-brand-800 shadow hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-700"
          >
            {PUBLIC_COPY.createAccount}
          </Link>
        </div>
      </div>
    </section>
  );
}
