// Holds open live streams (GET /api/live) for the capacity bench, in a process of its own so the
// load generator's timing is not disturbed by thousands of readers. Reads lines on stdin: a number
// N means "hold N streams" (it opens more, or closes the newest, until it holds N) and answers one
// JSON line `{ "held": n, "refused": m }` once it does. Streams are spread over the users' cookies
// round robin, as pages and devices are. Each stream is read and its bytes dropped.
//
// Usage: BUN_CONFIG_MAX_HTTP_REQUESTS=50000 bun bench/support/stream-holder.ts <baseUrl> <cookies.json>
// (Bun's fetch holds at most 256 connections to one host by default, and every stream is one.)
import { readFileSync } from 'node:fs';
import { LIVE_PATH } from '../../src/shared/live';

const [baseUrl, cookiesFile] = process.argv.slice(2);
if (!baseUrl || !cookiesFile) throw new Error('usage: stream-holder.ts <baseUrl> <cookies.json>');
const cookies = JSON.parse(readFileSync(cookiesFile, 'utf8')) as string[];
const OPEN_AT_ONCE = 100;

const held: ReadableStreamDefaultReader<Uint8Array>[] = [];
let refused = 0;
let next = 0;

/** Opens one stream and resolves once its first event (ready) has arrived. */
async function open(): Promise<void> {
  const cookie = cookies[next++ % cookies.length] ?? '';
  try {
    const res = await fetch(`${baseUrl}${LIVE_PATH}`, { headers: { cookie } });
    const reader = res.body?.getReader();
    if (res.status !== 200 || !reader) {
      refused++;
      await res.body?.cancel();
      return;
    }
    await reader.read();
    held.push(reader);
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => null);
        if (!chunk || chunk.done) return;
      }
    })();
  } catch {
    refused++;
  }
}

async function holdExactly(target: number): Promise<void> {
  while (held.length > target)
    await held
      .pop()
      ?.cancel()
      .catch(() => {});
  while (held.length < target) {
    const before = held.length;
    const batch = Math.min(OPEN_AT_ONCE, target - held.length);
    await Promise.all(Array.from({ length: batch }, open));
    // Every one of a batch refused: the server will not take more, stop asking.
    if (held.length === before) break;
  }
}

let line = '';
for await (const chunk of Bun.stdin.stream()) {
  line += new TextDecoder().decode(chunk);
  for (let end = line.indexOf('\n'); end >= 0; end = line.indexOf('\n')) {
    const target = Number(line.slice(0, end));
    line = line.slice(end + 1);
    await holdExactly(target);
    console.log(JSON.stringify({ held: held.length, refused }));
  }
}
