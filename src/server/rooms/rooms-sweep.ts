// Focus together's timed work, in every process: rooms whose start has come are started (each
// once: the start is claimed in its transaction), and rooms past their keep time are removed.
// A member looking at a room starts it at once too (rooms.service getRoom), so the sweep's
// interval bounds only how late a room nobody is watching starts its members' sessions; their
// times are the room's own either way.
import { ROOM_SWEEP_SECONDS } from '../../shared/rooms';
import type { AppDeps } from '../deps';
import { startSweep } from '../ops/sweep';
import { removeOldRooms, startDueRooms } from './rooms.service';

/** Old rooms are looked for this often (they are kept a day; a minute late is nothing). */
const REMOVE_EVERY_MS = 60_000;

export function startRoomSweeps(deps: AppDeps): () => Promise<void> {
  let removedAt = 0;
  return startSweep(
    'room sweep',
    ROOM_SWEEP_SECONDS * 1000,
    async () => {
      await startDueRooms(deps);
      if (Date.now() - removedAt >= REMOVE_EVERY_MS) {
        removedAt = Date.now();
        await removeOldRooms(deps);
      }
    },
    deps.log,
  );
}
