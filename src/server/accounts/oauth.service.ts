// The rules of an OAuth sign-in, once the provider has said who the person is: accounts are found
// by (provider, provider user id), never by email; a new person gets a password-less account; an
// email that already belongs to any account is refused, never silently linked.
import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../shared/constants';
import { oauthAccounts, users } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import type { OAuthProfile, OAuthProviderId } from '../integrations/oauth';

export interface OAuthSignIn {
  userId: string;
  created: boolean;
}

const PROFILE_IMAGE_MAX_LENGTH = 2_000;

function clip(value: string | null, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

/**
 * Finds or creates the account for a provider identity, in one transaction.
 * Throws CONFLICT when the email belongs to an account created another way, BAD_REQUEST when the
 * provider gave no usable verified email for a new account.
 */
export async function signInWithOAuth(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  provider: OAuthProviderId,
  profile: OAuthProfile,
): Promise<OAuthSignIn> {
  try {
    return await findOrCreate(deps, provider, profile);
  } catch (error) {
    // Two first sign-ins of one person racing (two tabs): the loser's insert hits the primary key
    // (or the email index); once more, it finds the winner's account or the email clash.
    if (!isUniqueViolation(error)) throw error;
    return findOrCreate(deps, provider, profile);
  }
}

function findOrCreate(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  provider: OAuthProviderId,
  profile: OAuthProfile,
): Promise<OAuthSignIn> {
  return deps.db.transaction(async (tx) => {
    const findLinked = () =>
      tx
        .select({ userId: oauthAccounts.userId })
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, profile.providerUserId)))
        .limit(1);
    const linked = await findLinked();
    if (linked[0]) return { userId: linked[0].userId, created: false };

    const email = profile.email?.trim();
    if (!email || email.length > EMAIL_MAX_LENGTH || !email.includes('@')) {
      throw new AppError('BAD_REQUEST', `${provider} gave no verified email address`);
    }
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    if (taken[0]) {
      // Each statement sees the latest commits (READ COMMITTED): a racing first sign-in of this
      // same person may have committed between the two reads, and then the email is its own.
      const linkedMeanwhile = await findLinked();
      if (linkedMeanwhile[0]) return { userId: linkedMeanwhile[0].userId, created: false };
      throw new AppError('CONFLICT', `${provider} email already belongs to another account`);
    }

    const now = deps.clock.now();
    const userId = crypto.randomUUID();
    await tx.insert(users).values({
      id: userId,
      email,
      firstName: clip(profile.firstName, NAME_MAX_LENGTH),
      lastName: clip(profile.lastName, NAME_MAX_LENGTH),
      passwordHash: null,
      // A cut URL would be a broken image: an over-long one is dropped instead.
      profileImageUrl:
        profile.profileImageUrl && profile.profileImageUrl.length <= PROFILE_IMAGE_MAX_LENGTH
          ? profile.profileImageUrl
          : null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(oauthAccounts).values({
      provider,
      providerUserId: profile.providerUserId,
      userId,
      createdAt: now,
    });
    return { userId, created: true };
  });
}
