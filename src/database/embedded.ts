import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { freeBytes, isDiskFull } from "../lib/disk-full.ts";
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
export async function startEmbeddedDatabase(
  dataDir: string,
  onInitialise: (dataDir: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  try {
    return await startEngine(dataDir, onInitialise);
  } catch (error) {
    throw explainStartFailure(error, dataDir);
  }
}

// PGlite needs room for its write-ahead log (16 MB segments) to start.
const SPACE_TO_START_BYTES = 64 * 1024 * 1024;

/**
 * A full disk stops the engine from starting, and PGlite then says only that it "failed to
 * initialize properly": when the disk is nearly full, the error says so, and what to do.
 */
function explainStartFailure(error: unknown, dataDir: string): unknown {
  const free = freeBytes(dataDir);
  if (!isDiskFull(error) && (free === null || free >= SPACE_TO_START_BYTES)) return error;
  const mb = free === null ? "no" : (free / 1024 / 1024).toFixed(1);
  return new Error(
    `The embedded database in ${dataDir} cannot start: the disk holding it is full or nearly so (${mb} MB free). ` +
      "Nothing stored is lost. Free space on that disk (old backups, other files) or move the data directory to a larger disk, then start the server again. " +
      `(${(error as Error).message})`,
  );
}

async function startEngine(
  dataDir: string,
  onInitialise: (dataDir: string) => void,
): Promise<EmbeddedDatabase> {
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
    const pgdata = join(dataDir, "pgdata");
    if (!existsSync(join(pgdata, "PG_VERSION"))) onInitialise(dataDir);
    const db = await PGlite.create(pgdata, await pgliteAssets());
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
