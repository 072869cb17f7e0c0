// A value made on first use and shared after, for heavy modules a process may never need (the
// AI SDK, nodemailer): loading them at start would cost every process their memory.

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
