// A local stand-in of a browser push service (what FCM or Mozilla's autopush receive): records
// every request, and answers each endpoint path with the status a test sets (201 by default).
// Subscriptions made with `browserKeys` can be decrypted, as the browser would.
import { createECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: Headers;
  body: Uint8Array;
}

export interface PushStandIn {
  host: string;
  url: string;
  received: ReceivedPush[];
  answer(path: string, status: number): void;
  stop(): void;
}

export function startPushStandIn(): PushStandIn {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({ path, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
      return new Response(null, { status: statuses.get(path) ?? 201 });
    },
  });
  const host = `127.0.0.1:${server.port}`;
  return {
    host,
    url: `http://${host}`,
    received,
    answer: (path, status) => statuses.set(path, status),
    stop: () => server.stop(true),
  };
}

/** A browser's subscription keys, with what it needs to read what was sent to it. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt: (body: Uint8Array): unknown =>
      JSON.parse(
        ece.decrypt(Buffer.from(body), { version: 'aes128gcm', privateKey: ecdh, authSecret: authSecret }).toString(),
      ),
  };
}
