// Every environment variable LockIn reads, parsed once. Nothing else touches process.env.
import { z } from 'zod';
import { OIDC_DEFAULT_NAME } from '../shared/oauth';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const pair = (prefix: string) => ({
  [`${prefix}_CLIENT_ID`]: optionalString,
  [`${prefix}_CLIENT_SECRET`]: optionalString,
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('LockIn <no-reply@lockin.local>'),
  /** Production without SMTP_URL: the operator accepts that mail only goes to the log, links removed (nobody gets a reset link). */
  MAIL_TO_LOG: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  /** Lets tests point the real Stripe SDK at a local stand-in of Stripe's HTTP API. Never in production. */
  STRIPE_API_BASE: optionalString,
  /** Production only: `true` keeps the built-in demo checkout on without Stripe (it grants Premium for free). */
  DEMO_CHECKOUT: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  AI_MODEL: z.string().default('gpt-4o-mini'),
  OIDC_ISSUER: optionalString,
  OIDC_NAME: z.string().default(OIDC_DEFAULT_NAME),
  ...pair('OIDC'),
  ...pair('GOOGLE'),
  ...pair('FACEBOOK'),
  ...pair('GITHUB'),
  ...pair('TWITTER'),
  /**
   * Test-only: sends every arctic provider's HTTP call (https://HOST/PATH) to BASE/HOST/PATH, so
   * tests can answer them with a local stand-in. Never set in production.
   */
  OAUTH_API_BASE: optionalString,
  /** Behind one reverse proxy: take the client address from the last X-Forwarded-For entry. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_REQUESTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Processes sharing PORT (PostgreSQL only): one supervisor starts them and restarts a crashed one. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Set by the supervisor on the processes it starts; never by hand. */
  LOCKIN_WORKER: z.coerce.number().int().min(1).max(64).optional(),
  /** After SIGTERM: how long /api/ready answers 503 while requests are still served, before the port closes. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(8000).default(0),
  /** With it, GET /metrics is readable from anywhere with `Authorization: Bearer <token>` (else loopback only). */
  METRICS_TOKEN: optionalString,
  /** Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints); unset: made once and kept in the database. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services may contact about our pushes: a mailto: or https: address (default: mailto:push@ APP_URL's host). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address')
    .optional(),
  /** host[:port],… that push subscriptions may point at; replaces the built-in list of browsers' push services. */
  PUSH_ALLOWED_HOSTS: optionalString,
  /** Test-only: allows the browser suite to move the server's clock. Never set in production. */
  TEST_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable loadConfig reads: the names the README table and .env.example must list. */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as ReadonlyArray<keyof Env>;

export interface OAuthCredentials {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  stripe?: { secretKey: string; webhookSecret: string; priceId: string; apiBase?: string };
  /**
   * The built-in demo checkout (no card, Premium for nothing): the embedded default outside
   * production; in production only with DEMO_CHECKOUT=true. Never on beside Stripe.
   */
  demoCheckout: boolean;
  openai?: { apiKey: string; baseUrl?: string; model: string };
  oauth: {
    oidc?: OAuthCredentials & { issuer: string; name: string };
    google?: OAuthCredentials;
    facebook?: OAuthCredentials;
    github?: OAuthCredentials;
    twitter?: OAuthCredentials;
  };
  /** See OAUTH_API_BASE. */
  oauthApiBase?: string;
  oidcName: string;
  logRequests: boolean;
  trustProxy: boolean;
  testClock: boolean;
  workers: number;
  /** This process's number when a supervisor started it (1…WORKERS); undefined for a lone process. */
  workerIndex?: number;
  shutdownDrainMs: number;
  metricsToken?: string;
  push: {
    /** From the environment; else the pair kept in the database is used. */
    vapidKeys?: { publicKey: string; privateKey: string };
    vapidSubject: string;
    /** PUSH_ALLOWED_HOSTS, lower-cased; undefined means the built-in list. */
    allowedHosts?: string[];
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function credentials(env: Record<string, string | undefined>, prefix: string): OAuthCredentials | undefined {
  const clientId = env[`${prefix}_CLIENT_ID`];
  const clientSecret = env[`${prefix}_CLIENT_SECRET`];
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

/**
 * Settings that are wrong together, or unsafe in production: a production start never falls back
 * silently (decisions.md §8), and a half-configured Stripe would fail at the first checkout.
 */
function refuseUnsafeSettings(e: z.infer<typeof envSchema>, ctx: z.RefinementCtx): void {
  const refuse = (path: keyof Env, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (e.STRIPE_SECRET_KEY) {
    if (!e.STRIPE_PRICE_ID) refuse('STRIPE_PRICE_ID', 'is required with STRIPE_SECRET_KEY (the Premium price)');
    if (!e.STRIPE_WEBHOOK_SECRET)
      refuse('STRIPE_WEBHOOK_SECRET', 'is required with STRIPE_SECRET_KEY (webhooks cannot be verified without it)');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    refuse(
      e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (one key pair), or neither',
    );
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    refuse(
      'WORKERS',
      'above 1 needs DATABASE_URL: the embedded database (PGlite) is one process’s own; set DATABASE_URL to a PostgreSQL server, or WORKERS=1',
    );
  if (e.NODE_ENV !== 'production') return;
  if (e.TEST_CLOCK) refuse('TEST_CLOCK', 'must not be true when NODE_ENV is production (anyone could move the clock)');
  if (e.STRIPE_API_BASE)
    refuse('STRIPE_API_BASE', 'is a test-only switch and must not be set when NODE_ENV is production');
  if (e.OAUTH_API_BASE)
    refuse('OAUTH_API_BASE', 'is a test-only switch and must not be set when NODE_ENV is production');
  if (!e.SMTP_URL && !e.MAIL_TO_LOG)
    refuse(
      'SMTP_URL',
      'is required when NODE_ENV is production: without it no email (password reset, email change) reaches anyone. Set MAIL_TO_LOG=true to start anyway, knowing that mail only goes to the log with its links removed',
    );
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`PORT=` in a .env file) means "not set": it takes the default.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.superRefine(refuseUnsafeSettings).safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const raw = env as unknown as Record<string, string | undefined>;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const oidc = credentials(raw, 'OIDC');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_ID
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceId: env.STRIPE_PRICE_ID,
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
    demoCheckout: !env.STRIPE_SECRET_KEY && (env.NODE_ENV !== 'production' || env.DEMO_CHECKOUT),
    openai: env.OPENAI_API_KEY
      ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.AI_MODEL }
      : undefined,
    oauth: {
      oidc: oidc && env.OIDC_ISSUER ? { ...oidc, issuer: env.OIDC_ISSUER, name: env.OIDC_NAME } : undefined,
      google: credentials(raw, 'GOOGLE'),
      facebook: credentials(raw, 'FACEBOOK'),
      github: credentials(raw, 'GITHUB'),
      twitter: credentials(raw, 'TWITTER'),
    },
    oauthApiBase: env.OAUTH_API_BASE,
    oidcName: env.OIDC_NAME,
    logRequests: env.LOG_REQUESTS,
    trustProxy: env.TRUST_PROXY,
    testClock: env.TEST_CLOCK,
    workers: env.WORKERS,
    workerIndex: env.LOCKIN_WORKER,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    metricsToken: env.METRICS_TOKEN,
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:push@${new URL(appUrl).hostname}`,
      allowedHosts: env.PUSH_ALLOWED_HOSTS?.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    },
  };
}

/** The start-up log line that says which outside services are real, built in, or off. */
export function describeProviders(config: Config): string {
  const payments = config.stripe ? 'Stripe' : config.demoCheckout ? 'demo checkout (no card is charged)' : 'off';
  const mail = config.smtpUrl ? `SMTP (${new URL(config.smtpUrl).hostname})` : 'server log';
  const ai = config.openai ? `OpenAI-compatible API (${config.openai.model})` : 'offline suggester';
  const oauth = Object.entries(config.oauth)
    .filter(([, credentials]) => credentials)
    .map(([name]) => name);
  return `providers: payments ${payments}; mail ${mail}; AI ${ai}; OAuth ${oauth.length ? oauth.join(', ') : 'none'}`;
}
