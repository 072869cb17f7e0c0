// The spec's account endpoints (section 7) as thin REST shims over accounts.service.
import { Hono } from 'hono';
import {
  ACCOUNT_MESSAGES,
  confirmEmailInput,
  forgotPasswordInput,
  loginInput,
  profileInput,
  registerInput,
  resetPasswordInput,
  signOutOthersInput,
  type MessageResponse,
} from '../../shared/accounts';
import { ROUTES } from '../../shared/routes';
import type { AppDeps } from '../deps';
import { type AppEnv, clearSessionCookie, requireAuth, startSession } from '../http/auth-middleware';
import { clientIp } from '../http/rate-limit';
import { isCrossSiteNavigation } from '../http/security';
import { readJson } from '../http/validate';
import {
  authenticate,
  registerUser,
  requestPasswordReset,
  resetPassword,
  toCurrentUser,
  updateProfile,
} from './accounts.service';
import { confirmEmailChange } from './email-change';
import { signOutOtherDevices } from './other-devices';
import { signOut } from './sign-out';
import { readDeviceCookie, rememberDevice, setDeviceCookie } from './trusted-devices';

export function accountsRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/auth/user', async (c) => c.json(await toCurrentUser(deps, requireAuth(c).user)));

  routes.post('/auth/register', async (c) => {
    const input = await readJson(c, registerInput);
    const user = await registerUser(deps, input, { ip: clientIp(c, deps.config.trustProxy) });
    await startSession(c, deps, user.id);
    setDeviceCookie(c, deps, await rememberDevice(deps, user.id, readDeviceCookie(c)));
    return c.json(user, 201);
  });

  routes.post('/auth/login', async (c) => {
    const input = await readJson(c, loginInput);
    const { user, deviceToken } = await authenticate(deps, input, {
      ip: clientIp(c, deps.config.trustProxy),
      deviceToken: readDeviceCookie(c),
    });
    await startSession(c, deps, user.id);
    setDeviceCookie(c, deps, deviceToken);
    return c.json(user);
  });

  routes.put('/auth/profile', async (c) => {
    const { user } = requireAuth(c);
    const input = await readJson(c, profileInput);
    return c.json(await updateProfile(deps, user.id, input));
  });

  // The link mailed to a new address; the token is the credential (it may be opened signed out).
  routes.post('/auth/confirm-email', async (c) => {
    const { token } = await readJson(c, confirmEmailInput);
    const { email } = await confirmEmailChange(deps, token);
    return c.json({ message: ACCOUNT_MESSAGES.emailChangeDone, email });
  });

  routes.post('/forgot-password', async (c) => {
    const { email } = await readJson(c, forgotPasswordInput);
    await requestPasswordReset(deps, email, { ip: clientIp(c, deps.config.trustProxy) });
    return c.json<MessageResponse>({ message: ACCOUNT_MESSAGES.resetLinkSent });
  });

  routes.post('/reset-password', async (c) => {
    const input = await readJson(c, resetPasswordInput);
    await resetPassword(deps, input, { ip: clientIp(c, deps.config.trustProxy), deviceToken: readDeviceCookie(c) });
    return c.json<MessageResponse>({ message: ACCOUNT_MESSAGES.passwordResetDone });
  });

  routes.post('/auth/sign-out-others', async (c) => {
    const { user, session } = requireAuth(c);
    const input = await readJson(c, signOutOthersInput);
    const result = await signOutOtherDevices(
      deps,
      { userId: user.id, sessionId: session.id },
      { deviceToken: readDeviceCookie(c), pushEndpoint: input.keepPushEndpoint },
    );
    return c.json(result);
  });

  // A browser redirect (the account menu's 'Sign Out'); POST is accepted for forms and scripts.
  // A GET from another site (a link or an image there) must not sign the user out: it only
  // lands on the home page. POSTs from other sites are refused by the same-origin check.
  routes.on(['GET', 'POST'], '/logout', async (c) => {
    if (c.req.method === 'GET' && isCrossSiteNavigation(c)) return c.redirect(ROUTES.home, 302);
    const auth = c.get('auth');
    if (auth) await signOut(deps, auth.session);
    clearSessionCookie(c, deps);
    return c.redirect(ROUTES.home, 302);
  });

  return routes;
}
