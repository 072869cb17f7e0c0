// Response shapes both sides agree on.

/** GET /api/auth/user */
export interface CurrentUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  premium: boolean;
  profileImageUrl: string | null;
  timeZone: string;
}

/**
 * PUT /api/auth/profile: the profile as saved. A new email is not in `email` yet: it waits in
 * `pendingEmail` until the link mailed to it is opened (the answer is the same whether or not
 * that address already has an account).
 */
export interface ProfileUpdate extends CurrentUser {
  pendingEmail: string | null;
}
