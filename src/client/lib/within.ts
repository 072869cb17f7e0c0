/**
 * The promise's value, or undefined once `ms` have passed without it (a failure is undefined too):
 * for start-up waits that must never hold the first screen for long.
 */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise.catch(() => undefined), waited]).finally(() => clearTimeout(timer));
}
