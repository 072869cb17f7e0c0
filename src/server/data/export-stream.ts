// What a download is sent as: a byte stream pulled chunk by chunk, under a dated file name.
import type { CsvTable } from '../../shared/data';

/**
 * A byte stream over a chunk generator that pulls one chunk per read, so a slow client slows the
 * database reads instead of making the server buffer the whole file. Cancelling stops the reads.
 */
export function toByteStream(
  chunks: AsyncGenerator<string>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The file name a download is saved under: lockin-export-2026-11-22.json, lockin-sessions-….csv. */
export function exportFileName(what: 'json' | CsvTable, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return what === 'json' ? `lockin-export-${day}.json` : `lockin-${what}-${day}.csv`;
}
