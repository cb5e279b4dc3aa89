import type { Socket } from "bun";

/**
 * A loopback TCP proxy in front of the test PostgreSQL, to play a database outage: refuse()
 * closes every proxied connection and stops listening, so new connections are refused as
 * while PostgreSQL restarts; accept() listens again on the same port. freeze() keeps the
 * connections open but passes nothing on any more: a database that stopped answering.
 */
export type TcpProxy = {
  /** postgres://... through the proxy, for the same database as `targetUrl`. */
  readonly url: string;
  refuse(): void;
  accept(): void;
  freeze(): void;
  close(): void;
};

type Side = { socket?: Socket<Pair>; queued: Uint8Array[]; frozen?: boolean };
type Pair = { client: Side; server: Side };

/** Writes what the socket takes now and keeps the rest for its drain. */
function send(side: Side, bytes: Uint8Array) {
  if (side.frozen) return;
  if (!side.socket || side.queued.length) return void side.queued.push(new Uint8Array(bytes));
  const written = side.socket.write(bytes);
  if (written < bytes.length) side.queued.push(new Uint8Array(bytes.subarray(written)));
}

function flush(side: Side) {
  while (side.socket && side.queued.length) {
    const next = side.queued[0]!;
    const written = side.socket.write(next);
    if (written < next.length) return void (side.queued[0] = next.subarray(written));
    side.queued.shift();
  }
}

export function startTcpProxy(targetUrl: string): TcpProxy {
  const target = new URL(targetUrl);
  const pairs = new Set<Pair>();
  let frozen = false;
  const listen = (port: number) =>
    Bun.listen<Pair>({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(client) {
          const pair: Pair = {
            client: { socket: client, queued: [], frozen },
            server: { queued: [], frozen },
          };
          client.data = pair;
          pairs.add(pair);
          void Bun.connect<Pair>({
            hostname: target.hostname,
            port: Number(target.port || 5432),
            data: pair,
            socket: {
              open(server) {
                pair.server.socket = server;
                flush(pair.server);
              },
              data: (_, bytes) => send(pair.client, bytes),
              drain: () => flush(pair.server),
              close: () => end(pair),
              error: () => end(pair),
            },
          }).catch(() => end(pair));
        },
        data: (client, bytes) => send(client.data.server, bytes),
        drain: (client) => flush(client.data.client),
        close: (client) => end(client.data),
        error: (client) => end(client.data),
      },
    });
  const end = (pair: Pair) => {
    if (!pairs.delete(pair)) return;
    pair.client.socket?.end();
    pair.server.socket?.end();
  };
  let listener: ReturnType<typeof listen> | null = listen(0);
  const port = listener.port;
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    refuse() {
      listener?.stop(true);
      listener = null;
      for (const pair of [...pairs]) end(pair);
    },
    accept() {
      listener ??= listen(port);
    },
    freeze() {
      frozen = true;
      for (const pair of pairs) pair.client.frozen = pair.server.frozen = true;
    },
    close() {
      this.refuse();
    },
  };
}
