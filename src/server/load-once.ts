// A value made on first use and shared after: heavy modules a process may never need (the AI SDK,
// nodemailer), whose loading at start would cost every process their memory, and the secrets
// read once per database (db/secrets.ts).

/** Calls `load` on the first call and returns its promise to every later one; a failure is not kept. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      pending = load();
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
}
