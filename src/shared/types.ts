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
