// A real OpenID Connect provider (oidc-provider) on a free local port, standing in for the
// operator's issuer. Its interaction step logs in whichever account the test chose, with consent
// granted, so a test can follow the browser redirects end to end.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction logs in. */
  signInAs(account: OidcAccount): void;
  /** How many logins the interaction step performed. */
  readonly logins: number;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const clientId = 'lockin-test';
  const clientSecret = 'lockin-test-secret-that-is-long-enough';
  const accounts = new Map<string, OidcAccount>();
  let current: OidcAccount | undefined;
  let logins = 0;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['a-test-cookie-signing-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ email_verified: true, ...account }) };
    },
  });
  // oidc-provider logs server errors through its event emitter; keep the test output readable.
  provider.on('server_error', (_ctx, error) => console.error('[oidc stand-in]', error));

  const callback = provider.callback();
  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const details = await provider.interactionDetails(req, res);
          if (!current) throw new Error('test OIDC provider: call signInAs() first');
          accounts.set(current.sub, current);
          const grant = new provider.Grant({ accountId: current.sub, clientId: String(details.params.client_id) });
          grant.addOIDCScope(String(details.params.scope));
          const grantId = await grant.save();
          logins += 1;
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: current.sub }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        } catch (error) {
          res.statusCode = 500;
          res.end(String(error));
        }
      })();
      return;
    }
    callback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
      accounts.set(account.sub, account);
    },
    get logins() {
      return logins;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows redirects with real fetch and one cookie jar per host, stopping when `stop` says so. */
export class BrowserLike {
  private jars = new Map<string, Map<string, string>>();

  async get(
    url: string,
    init: { stopAt?: (url: URL) => boolean; maxHops?: number } = {},
  ): Promise<{ url: URL; response: Response }> {
    let target = new URL(url);
    for (let hop = 0; hop < (init.maxHops ?? 15); hop += 1) {
      if (init.stopAt?.(target)) return { url: target, response: new Response(null, { status: 204 }) };
      const jar = this.jar(target.host);
      const headers: Record<string, string> = {};
      if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await fetch(target, { redirect: 'manual', headers });
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        const expired =
          attrs.some((a) => /max-age=0\b/i.test(a.trim())) ||
          attrs.some((a) => /^expires=/i.test(a.trim()) && new Date(a.trim().slice(8)).getTime() < Date.now());
        if (expired || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: target, response };
      await response.body?.cancel();
      target = new URL(location, target);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  private jar(host: string): Map<string, string> {
    let jar = this.jars.get(host);
    if (!jar) {
      jar = new Map();
      this.jars.set(host, jar);
    }
    return jar;
  }
}
