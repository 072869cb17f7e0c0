/**
 * What a promise rejects with (fails if it resolves). Use it instead of `expect(promise).rejects`
 * for anything that touches the database: bun test settles a `.rejects` promise without running
 * the event loop's message tasks, so an answer from the PGlite worker thread would never arrive
 * (and the worker's open transaction would hold its lock for the rest of the file).
 */
export function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the promise to reject, but it resolved');
    },
    (error: unknown) => error,
  );
}
