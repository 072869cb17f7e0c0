// A TCP proxy in front of PostgreSQL that can hold back the server's answers while the client's
// messages still go through: what a client sends before it has had an answer becomes visible
// (pipelining), without timing anything.
import type { Socket } from 'bun';

export interface HoldingProxy {
  port: number;
  /** Everything the clients have sent so far, as text (statement texts appear in it). */
  sent(): string;
  /** From now on the server's answers wait in the proxy. */
  hold(): void;
  /** Lets the held answers (and later ones) through. */
  release(): void;
  stop(): void;
}

interface Link {
  upstream?: Socket<undefined>;
  /** Client bytes that arrived before the upstream connection was open. */
  early: Uint8Array[];
}

export async function holdingProxy(target: { hostname: string; port: number }): Promise<HoldingProxy> {
  let sentText = '';
  let holding = false;
  const held: (() => void)[] = [];
  const server = Bun.listen<Link>({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      async open(client) {
        client.data = { early: [] };
        const upstream = await Bun.connect({
          ...target,
          socket: {
            data(_socket, bytes) {
              const copy = new Uint8Array(bytes);
              if (holding) held.push(() => client.write(copy));
              else client.write(copy);
            },
            close() {
              client.end();
            },
          },
        });
        client.data.upstream = upstream;
        for (const bytes of client.data.early) upstream.write(bytes);
      },
      data(client, bytes) {
        sentText += Buffer.from(bytes).toString('latin1');
        if (client.data.upstream) client.data.upstream.write(new Uint8Array(bytes));
        else client.data.early.push(new Uint8Array(bytes));
      },
      close(client) {
        client.data.upstream?.end();
      },
    },
  });
  return {
    port: server.port,
    sent: () => sentText,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
    stop: () => server.stop(true),
  };
}
