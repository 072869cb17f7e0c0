// The account rules of an OAuth sign-in, reached without HTTP: keyed by (provider, id), refused on
// any email clash, bounded profile fields, and racing first sign-ins ending in one account.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { signInWithOAuth } from './oauth.service';
import { oauthAccounts, users } from '../db/schema';
import type { OAuthProfile } from '../integrations/oauth';
import { AppError } from '../http/errors';
import { NAME_MAX_LENGTH } from '../../shared/constants';
import { type TestContext, createTestContext } from '../../../test/support/app';
import { createUser } from '../../../test/support/factories';
import { rejectionOf } from '../../../test/support/rejection';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000); // a cold PGlite on a busy machine
afterAll(() => ctx.close());

function profile(overrides: Partial<OAuthProfile> = {}): OAuthProfile {
  const id = crypto.randomUUID();
  return {
    providerUserId: id,
    email: `p-${id.slice(0, 8)}@example.com`,
    firstName: 'Alan',
    lastName: 'Turing',
    profileImageUrl: 'https://img.example.com/a.png',
    ...overrides,
  };
}

async function rowCounts() {
  const [u] = await ctx.deps.db.select({ n: count() }).from(users);
  const [o] = await ctx.deps.db.select({ n: count() }).from(oauthAccounts);
  return { users: u!.n, oauth: o!.n };
}

describe('signInWithOAuth', () => {
  test('creates the user with the sign-in time and links the identity; the same identity finds it again', async () => {
    const p = profile();
    const first = await signInWithOAuth(ctx.deps, 'google', p);
    expect(first.created).toBe(true);
    const [row] = await ctx.deps.db
      .select({ email: users.email, createdAt: users.createdAt, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, first.userId));
    expect(row).toEqual({ email: p.email!, createdAt: ctx.clock.now(), passwordHash: null });
    const again = await signInWithOAuth(ctx.deps, 'google', { ...p, email: null });
    expect(again).toEqual({ userId: first.userId, created: false });
  });

  test('the same provider user id at another provider is another person', async () => {
    const p = profile();
    const google = await signInWithOAuth(ctx.deps, 'google', p);
    const github = await signInWithOAuth(ctx.deps, 'github', { ...p, email: `other-${p.email}` });
    expect(github.userId).not.toBe(google.userId);
  });

  test('an email used by an account of another provider is refused (CONFLICT), nothing written', async () => {
    const p = profile();
    await signInWithOAuth(ctx.deps, 'google', p);
    const before = await rowCounts();
    const attempt = signInWithOAuth(ctx.deps, 'github', profile({ email: p.email!.toUpperCase() }));
    expect(await rejectionOf(attempt)).toBeInstanceOf(AppError);
    expect(String(await rejectionOf(signInWithOAuth(ctx.deps, 'github', profile({ email: p.email }))))).toContain(
      'github email already belongs to another account',
    );
    expect(await rowCounts()).toEqual(before);
  });

  test('an email used by a password account is refused whatever its case', async () => {
    const user = await createUser(ctx, { email: `MiXeD-${crypto.randomUUID().slice(0, 6)}@Example.com` });
    expect(
      String(await rejectionOf(signInWithOAuth(ctx.deps, 'facebook', profile({ email: user.email.toLowerCase() })))),
    ).toContain('already belongs');
  });

  test('no email, or not an address, cannot create an account', async () => {
    const before = await rowCounts();
    expect(String(await rejectionOf(signInWithOAuth(ctx.deps, 'twitter', profile({ email: null }))))).toContain(
      'gave no verified email',
    );
    expect(
      String(await rejectionOf(signInWithOAuth(ctx.deps, 'twitter', profile({ email: 'not-an-address' })))),
    ).toContain('gave no verified email');
    expect(
      String(await rejectionOf(signInWithOAuth(ctx.deps, 'twitter', profile({ email: `${'a'.repeat(250)}@x.io` })))),
    ).toContain('gave no verified email');
    expect(await rowCounts()).toEqual(before);
  });

  test('names are trimmed and bounded; an over-long picture URL is dropped rather than cut', async () => {
    const p = profile({
      firstName: `  ${'F'.repeat(300)}`,
      lastName: '   ',
      profileImageUrl: `https://img.example.com/${'x'.repeat(3000)}`,
    });
    const { userId } = await signInWithOAuth(ctx.deps, 'google', p);
    const [row] = await ctx.deps.db
      .select({ firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl })
      .from(users)
      .where(eq(users.id, userId));
    expect(row).toEqual({ firstName: 'F'.repeat(NAME_MAX_LENGTH), lastName: null, profileImageUrl: null });
  });

  test('racing first sign-ins of one identity end in one account', async () => {
    const p = profile();
    const before = await rowCounts();
    const results = await Promise.all(Array.from({ length: 8 }, () => signInWithOAuth(ctx.deps, 'github', p)));
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await rowCounts()).toEqual({ users: before.users + 1, oauth: before.oauth + 1 });
  });
});
