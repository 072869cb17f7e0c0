// What a transaction runs once it has ended, committed or rolled back: both drivers' transactions
// offer it as `whenEnded` (pipelined-transactions.ts, pglite-remote.ts), and transactionEndHook
// hands it out (commit-with-next.ts).

export class EndHooks {
  /** Given while the transaction runs; undefined once it has ended. */
  #pending: (() => void)[] | undefined = [];

  /** Runs `run` once the transaction has ended, or at once if it has. */
  readonly add = (run: () => void): void => {
    if (this.#pending) this.#pending.push(run);
    else run();
  };

  /** The transaction has ended: runs what was given, in order, and from now on runs at once. */
  ended(): void {
    const pending = this.#pending ?? [];
    this.#pending = undefined;
    for (const run of pending) run();
  }
}
