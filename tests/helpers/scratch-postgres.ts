import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import postgres from "postgres";
import { freePort } from "./free-port.ts";

const SERVER_URL = process.env.SERVICE_FITNESS_TEST_DATABASE_URL;

/**
 * An empty PostgreSQL database reachable by URL, for tests that need a second server (such
 * as the other server an import reads): a new database on the test server, or an in-memory
 * embedded engine on a loopback port when tests run without one.
 */
export async function createScratchPostgres(): Promise<{ url: string; close(): Promise<void> }> {
  if (SERVER_URL) {
    const name = `scratch_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async close() {
        const cleanup = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const db = await PGlite.create();
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port });
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
