// PostgreSQL error codes the services act on (the same from PGlite and postgres.js).

/** 23505: a unique index refused the row; drizzle wraps the driver's error, so follow causes. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
