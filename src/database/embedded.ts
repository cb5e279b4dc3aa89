import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { watchRawNotices, type NoticeWatch } from "./embedded-notices.ts";
import { pgliteAssets } from "./pglite-assets.ts";

export type EmbeddedDatabase = {
  socketPath: string;
  /** Notices of the engine's session; null when another process owns the engine. */
  watch: NoticeWatch | null;
  stop(): Promise<void>;
};

/** Socket of the embedded database while a process owns it; others connect through it. */
export function embeddedSocketPath(dataDir: string): string {
  return join(dataDir, "pg.sock");
}

/**
 * Starts PGlite on `<dataDir>/pgdata` and serves it on a Unix socket, so the rest of the
 * code reaches it through postgres.js exactly like an external server. When another live
 * process already owns the data directory, its socket is reused instead of opening the
 * files twice (PGlite is single-process; two owners would corrupt it).
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const socketPath = embeddedSocketPath(dataDir);
  const lock = acquireDataDirLock(dataDir);
  if (!lock.acquired) {
    if (!existsSync(socketPath)) {
      throw new Error(
        `The embedded database in ${dataDir} is held by process ${lock.ownerPid}, which is not serving it yet. Try again in a moment.`,
      );
    }
    return { socketPath, watch: null, stop: async () => {} };
  }
  try {
    // Loaded only here: a server on an external PostgreSQL never holds PGlite in memory.
    const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite-socket"),
    ]);
    const db = await PGlite.create(join(dataDir, "pgdata"), await pgliteAssets());
    rmSync(socketPath, { force: true });
    const { db: watched, watch } = watchRawNotices(db);
    const server = new PGLiteSocketServer({ db: watched, path: socketPath, maxConnections: 16 });
    await server.start();
    return {
      socketPath,
      watch,
      stop: async () => {
        await server.stop();
        await db.close();
        rmSync(socketPath, { force: true });
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
