import type { PGlite } from "@electric-sql/pglite";
import type postgres from "postgres";
import type { Listen } from "./notices.ts";

type RawStreamOptions = Parameters<PGlite["execProtocolRawStream"]>[1];

/** Who hears which channel's notices in the embedded engine. */
export type NoticeWatch = { on(channel: string, onNotice: () => void): () => void };

/**
 * PGlite is one session shared by every socket connection, so PostgreSQL hands a
 * NotificationResponse to whichever connection committed the NOTIFY, never to the one
 * that listened. The process that owns the engine therefore watches every answer the
 * socket server sends for the channel's notification (its name and terminating NUL),
 * whoever caused it: this server, the CLI or another process on the socket.
 */
export function watchRawNotices(db: PGlite): { db: PGlite; watch: NoticeWatch } {
  const channels = new Map<string, { needle: Buffer; listeners: Set<() => void> }>();
  const scanner = () => {
    let tail = Buffer.alloc(0);
    return (data: Uint8Array) => {
      const chunk = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      for (const { needle, listeners } of channels.values()) {
        // The needle may straddle two chunks: the previous chunk's last bytes are kept.
        const seam = Buffer.concat([tail, chunk.subarray(0, needle.length)]);
        if (chunk.includes(needle) || seam.includes(needle)) for (const fn of listeners) fn();
      }
      // A channel name is an identifier: at most 63 bytes, 64 with its NUL.
      tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - 64)));
    };
  };
  const watched = new Proxy(db, {
    get(target, property) {
      if (property === "execProtocolRawStream") {
        return (message: Uint8Array, options: RawStreamOptions) => {
          const scan = scanner();
          return target.execProtocolRawStream(message, {
            ...options,
            onRawData: (data: Uint8Array) => {
              if (channels.size > 0) scan(data);
              options.onRawData(data);
            },
          });
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const watch: NoticeWatch = {
    on(channel, onNotice) {
      const entry = channels.get(channel) ?? {
        needle: Buffer.from(`${channel}\0`),
        listeners: new Set<() => void>(),
      };
      entry.listeners.add(onNotice);
      channels.set(channel, entry);
      return () => entry.listeners.delete(onNotice);
    },
  };
  return { db: watched, watch };
}

/**
 * listen() on the embedded engine: LISTEN once in its one session (through any connection),
 * then hear the channel through the watch. A process that reaches another process's engine
 * through its socket has no watch: it relies on the credential cache's expiry alone.
 */
export function listenInSession(owner: postgres.Sql, watch: NoticeWatch | null): Listen {
  return async (channel, onNotice) => {
    if (!watch) return async () => {};
    const stop = watch.on(channel, onNotice);
    await owner`listen ${owner(channel)}`;
    return async () => void stop();
  };
}
