// A change waiting for the network (a paused mutation) is not running: its button stays usable,
// so more changes can be made offline.

/** True while a mutation's request is on its way, not while it waits for the network. */
export const isRunning = (mutation: { isPending: boolean; isPaused: boolean }): boolean =>
  mutation.isPending && !mutation.isPaused;
