// loadConfig: the one place environment variables are read. Defaults, derived values, and a
// failure that names each bad variable.
import { describe, expect, test } from 'bun:test';
import { ConfigError, describeProviders, ENV_VARIABLES, loadConfig } from './config';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig defaults', () => {
  test('an empty environment gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('LockIn <no-reply@lockin.local>');
    expect(config.stripe).toBeUndefined();
    expect(config.openai).toBeUndefined();
    expect(config.oauth).toEqual({
      oidc: undefined,
      google: undefined,
      facebook: undefined,
      github: undefined,
      twitter: undefined,
    });
    expect(config.oidcName).toBe('Replit');
    expect(config.logRequests).toBe(true);
    expect(config.testClock).toBe(false);
  });

  test('empty strings count as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '', STRIPE_SECRET_KEY: '  ', OPENAI_API_KEY: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.openai).toBeUndefined();
  });

  test('unknown variables are ignored', () => {
    expect(loadConfig({ SOMETHING_ELSE: 'x', PATH: '/bin' }).port).toBe(3000);
  });
});

describe('APP_URL and cookies', () => {
  test('APP_URL defaults to localhost on the configured port', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
  });

  test('an explicit APP_URL wins and loses its trailing slashes', () => {
    const config = loadConfig({ PORT: '8080', APP_URL: 'https://lockin.example.com//' });
    expect(config.appUrl).toBe('https://lockin.example.com');
    expect(config.port).toBe(8080);
  });

  test('cookies are Secure exactly when APP_URL is https', () => {
    expect(loadConfig({ APP_URL: 'https://lockin.example.com' }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'http://lockin.example.com' }).secureCookies).toBe(false);
    expect(loadConfig({}).secureCookies).toBe(false);
  });

  test('APP_URL must be an http(s) URL', () => {
    expect(configError({ APP_URL: 'ftp://lockin.example.com' })).toContain('APP_URL');
    expect(configError({ APP_URL: 'not a url' })).toContain('APP_URL');
  });
});

describe('validation names the bad variable', () => {
  test('PORT must be a port number', () => {
    expect(configError({ PORT: 'abc' })).toContain('PORT');
    expect(configError({ PORT: '70000' })).toContain('PORT');
    expect(configError({ PORT: '-1' })).toContain('PORT');
    expect(configError({ PORT: '3000.5' })).toContain('PORT');
  });

  test('DATABASE_URL must be a postgres URL', () => {
    expect(configError({ DATABASE_URL: 'mysql://x' })).toContain('DATABASE_URL');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
  });

  test('SMTP_URL must be an smtp(s) URL', () => {
    expect(configError({ SMTP_URL: 'http://mail' })).toContain('SMTP_URL');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail:465' }).smtpUrl).toBe('smtps://u:p@mail:465');
  });

  test('boolean switches take only true or false', () => {
    expect(configError({ LOG_REQUESTS: 'yes' })).toContain('LOG_REQUESTS');
    expect(configError({ TEST_CLOCK: '1' })).toContain('TEST_CLOCK');
    expect(loadConfig({ LOG_REQUESTS: 'false', TEST_CLOCK: 'true' })).toMatchObject({
      logRequests: false,
      testClock: true,
    });
    expect(configError({ TRUST_PROXY: 'on' })).toContain('TRUST_PROXY');
    expect(configError({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toContain(
      'TEST_CLOCK: must not be true when NODE_ENV is production',
    );
    expect(loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'test' }).testClock).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  test('NODE_ENV takes only the three known values', () => {
    expect(configError({ NODE_ENV: 'staging' })).toContain('NODE_ENV');
    expect(loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true' }).env).toBe('production');
  });

  test('every bad variable is listed, one per line', () => {
    const message = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_REQUESTS: 'maybe' });
    expect(message).toStartWith('Invalid environment configuration:');
    const lines = message.split('\n').slice(1);
    expect(lines.some((l) => l.trim().startsWith('PORT:'))).toBe(true);
    expect(lines.some((l) => l.trim().startsWith('DATABASE_URL:'))).toBe(true);
    expect(lines.some((l) => l.trim().startsWith('LOG_REQUESTS:'))).toBe(true);
  });
});

describe('outside services switch on with their configuration', () => {
  const providers = [
    ['GOOGLE', 'google'],
    ['FACEBOOK', 'facebook'],
    ['GITHUB', 'github'],
    ['TWITTER', 'twitter'],
  ] as const;

  for (const [prefix, key] of providers) {
    test(`${key} OAuth is on only with both its client id and secret`, () => {
      expect(loadConfig({ [`${prefix}_CLIENT_ID`]: 'id' }).oauth[key]).toBeUndefined();
      expect(loadConfig({ [`${prefix}_CLIENT_SECRET`]: 'secret' }).oauth[key]).toBeUndefined();
      expect(loadConfig({ [`${prefix}_CLIENT_ID`]: 'id', [`${prefix}_CLIENT_SECRET`]: 'secret' }).oauth[key]).toEqual({
        clientId: 'id',
        clientSecret: 'secret',
      });
    });
  }

  test('OIDC also needs its issuer, and takes its button label from OIDC_NAME', () => {
    const pair = { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
    expect(loadConfig(pair).oauth.oidc).toBeUndefined();
    expect(loadConfig({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'id' }).oauth.oidc).toBeUndefined();
    expect(loadConfig({ ...pair, OIDC_ISSUER: 'https://id.example' }).oauth.oidc).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://id.example',
      name: 'Replit',
    });
    expect(loadConfig({ ...pair, OIDC_ISSUER: 'https://id.example', OIDC_NAME: 'Acme ID' }).oauth.oidc?.name).toBe(
      'Acme ID',
    );
  });

  test('one provider on leaves the others off', () => {
    const config = loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
    expect(config.oauth.github).toBeDefined();
    expect(config.oauth.google).toBeUndefined();
    expect(config.oauth.oidc).toBeUndefined();
  });

  test('Stripe is on with its secret key and carries the webhook secret, price and API base', () => {
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec', STRIPE_PRICE_ID: 'price' }).stripe).toBeUndefined();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test',
        STRIPE_WEBHOOK_SECRET: 'whsec',
        STRIPE_PRICE_ID: 'price_1',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({ secretKey: 'sk_test', webhookSecret: 'whsec', priceId: 'price_1', apiBase: 'http://127.0.0.1:12111' });
  });

  test('OpenAI is on with its API key, with the default model unless AI_MODEL says otherwise', () => {
    expect(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }).openai).toBeUndefined();
    expect(loadConfig({ OPENAI_API_KEY: 'sk' }).openai).toEqual({
      apiKey: 'sk',
      baseUrl: undefined,
      model: 'gpt-4o-mini',
    });
    expect(
      loadConfig({ OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'local-model' }).openai,
    ).toEqual({
      apiKey: 'sk',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'local-model',
    });
  });

  test('surrounding whitespace in secrets is trimmed', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: ' sk_test \n', STRIPE_WEBHOOK_SECRET: 'whsec', STRIPE_PRICE_ID: 'price' }).stripe
        ?.secretKey,
    ).toBe('sk_test');
  });
});

describe('payments and production safety', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec', STRIPE_PRICE_ID: 'price_1' };

  test('outside production the demo checkout is the embedded default, and off beside Stripe', () => {
    expect(loadConfig({}).demoCheckout).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoCheckout).toBe(true);
    expect(loadConfig(stripe).demoCheckout).toBe(false);
  });

  test('in production without Stripe the demo checkout runs only with DEMO_CHECKOUT=true', () => {
    expect(loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true' }).demoCheckout).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true', DEMO_CHECKOUT: 'false' }).demoCheckout).toBe(
      false,
    );
    expect(loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true', DEMO_CHECKOUT: 'true' }).demoCheckout).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true', DEMO_CHECKOUT: 'true', ...stripe }).demoCheckout,
    ).toBe(false);
    expect(configError({ DEMO_CHECKOUT: 'yes' })).toContain('DEMO_CHECKOUT:');
  });

  test('a Stripe key without its price or webhook secret stops the start, naming the missing one', () => {
    const noPrice = configError({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec' });
    expect(noPrice).toContain('STRIPE_PRICE_ID: is required with STRIPE_SECRET_KEY');
    expect(noPrice).not.toContain('STRIPE_WEBHOOK_SECRET:');
    const noSecret = configError({ STRIPE_SECRET_KEY: 'sk', STRIPE_PRICE_ID: 'price' });
    expect(noSecret).toContain('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
    const neither = configError({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk' });
    expect(neither).toContain('STRIPE_PRICE_ID:');
    expect(neither).toContain('STRIPE_WEBHOOK_SECRET:');
  });

  test('production without a mail server refuses to start unless MAIL_TO_LOG=true says so', () => {
    expect(configError({ NODE_ENV: 'production' })).toContain('SMTP_URL: is required when NODE_ENV is production');
    expect(configError({ NODE_ENV: 'production', MAIL_TO_LOG: 'false' })).toContain('MAIL_TO_LOG=true');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay:587' }).smtpUrl).toBe('smtp://relay:587');
    expect(loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true' }).smtpUrl).toBeUndefined();
    // A laptop or test install logs mail without being asked.
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });

  test('test-only switches stop a production start, each named', () => {
    const message = configError({
      NODE_ENV: 'production',
      ...stripe,
      STRIPE_API_BASE: 'http://127.0.0.1:1',
      OAUTH_API_BASE: 'http://127.0.0.1:2',
      TEST_CLOCK: 'true',
    });
    expect(message).toContain('STRIPE_API_BASE: is a test-only switch');
    expect(message).toContain('OAUTH_API_BASE: is a test-only switch');
    expect(message).toContain('TEST_CLOCK: must not be true');
    // The same switches are fine in tests.
    expect(
      loadConfig({ NODE_ENV: 'test', ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:1', OAUTH_API_BASE: 'http://x' })
        .stripe?.apiBase,
    ).toBe('http://127.0.0.1:1');
  });
});

describe('Web Push', () => {
  test('the VAPID keys come as a pair; the subject defaults to APP_URL’s host; PUSH_ALLOWED_HOSTS is a list', () => {
    expect(configError({ VAPID_PUBLIC_KEY: 'abc' })).toContain('VAPID_PRIVATE_KEY:');
    expect(configError({ VAPID_PRIVATE_KEY: 'abc' })).toContain('VAPID_PUBLIC_KEY:');
    expect(configError({ VAPID_SUBJECT: 'ops@example.com' })).toContain('VAPID_SUBJECT:');
    const config = loadConfig({
      APP_URL: 'https://focus.example.com',
      PUSH_ALLOWED_HOSTS: ' Push.Example.com:8443, ,127.0.0.1:9000',
    });
    expect(config.push).toEqual({
      vapidKeys: undefined,
      vapidSubject: 'mailto:push@focus.example.com',
      allowedHosts: ['push.example.com:8443', '127.0.0.1:9000'],
    });
    expect(loadConfig({}).push.allowedHosts).toBeUndefined();
  });
});

describe('the documentation lists every variable', () => {
  const root = `${import.meta.dir}/../..`;

  test('the variables loadConfig reads include those the decisions name, and each one is read', () => {
    for (const name of [
      'PORT',
      'HOST',
      'APP_URL',
      'DATA_DIR',
      'DATABASE_URL',
      'SMTP_URL',
      'OIDC_CLIENT_ID',
      'TWITTER_CLIENT_SECRET',
    ]) {
      expect(ENV_VARIABLES).toContain(name as (typeof ENV_VARIABLES)[number]);
    }
    // A name in the list is one the parser looks at: a value of the wrong kind is refused by name.
    for (const name of ['PORT', 'NODE_ENV', 'TRUST_PROXY', 'LOG_REQUESTS', 'TEST_CLOCK', 'DATABASE_URL', 'SMTP_URL']) {
      expect(configError({ [name]: 'surely-not-valid' })).toContain(`${name}:`);
    }
  });

  test('.env.example has every variable, each with a comment', async () => {
    const example = await Bun.file(`${root}/.env.example`).text();
    for (const name of ENV_VARIABLES) {
      expect({ name, listed: new RegExp(`^# ${name}=`, 'm').test(example) }).toEqual({ name, listed: true });
    }
    // Every block of variables is preceded by a comment line that is not itself a variable.
    const blocks = example.split(/\n\s*\n/).filter((b) => /^# [A-Z_]+=/m.test(b));
    for (const block of blocks)
      expect(block.split('\n').some((l) => l.startsWith('# ') && !/^# [A-Z_]+=/.test(l))).toBe(true);
  });

  test('the README configuration table has every variable', async () => {
    const readme = await Bun.file(`${root}/README.md`).text();
    for (const name of ENV_VARIABLES) {
      expect({ name, listed: readme.includes(`\`${name}\``) }).toEqual({ name, listed: true });
    }
  });
});

describe('empty variables', () => {
  test('an empty value means unset and takes the default', () => {
    const config = loadConfig({ PORT: '', MAIL_FROM: ' ', OIDC_NAME: '', AI_MODEL: '', DATABASE_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.mailFrom).toBe('LockIn <no-reply@lockin.local>');
    expect(config.oidcName).toBe('Replit');
    expect(config.databaseUrl).toBeUndefined();
  });
});

describe('the start-up line naming the active providers', () => {
  test('the embedded defaults', () => {
    expect(describeProviders(loadConfig({}))).toBe(
      'providers: payments demo checkout (no card is charged); mail server log; AI offline suggester; OAuth none',
    );
    expect(describeProviders(loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true' }))).toContain('payments off;');
  });

  test('each real integration by name, never its secrets', () => {
    const line = describeProviders(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_live_secret',
        STRIPE_WEBHOOK_SECRET: 'whsec_secret',
        STRIPE_PRICE_ID: 'price_1',
        SMTP_URL: 'smtp://user:pass@mail.example.com:587',
        OPENAI_API_KEY: 'sk-openai-secret',
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
      }),
    );
    expect(line).toBe(
      'providers: payments Stripe; mail SMTP (mail.example.com); AI OpenAI-compatible API (gpt-4o-mini); OAuth google, github',
    );
    for (const secret of ['sk_live_secret', 'whsec_secret', 'pass', 'sk-openai-secret', 'gh-secret'])
      expect(line).not.toContain(secret);
  });
});
