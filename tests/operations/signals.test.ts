import { describe, expect, test } from "bun:test";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { createSession } from "../../src/credentials/sessions.ts";
import { connectionOptions, createDatabase } from "../../src/db.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { emptyDir } from "../helpers/processes.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { startAppProcess } from "./app-process.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** A server process on a database of its own, with an administrator's session token. */
async function serverWithAdmin(prepare?: (owner: postgres.Sql) => Promise<unknown>) {
  const database = await createServerTestDatabase();
  const owner = postgres(database.url, connectionOptions(1));
  const user = await createUserAccount(
    createDatabase(owner, async () => {}),
    { email: "admin@example.test", password: "correct horse battery" },
  );
  await owner`update users set role = 'admin' where id = ${user.id}`;
  const { token } = await createSession(
    createDatabase(owner, async () => {}),
    user.id,
  );
  await prepare?.(owner);
  const dataDir = emptyDir("fitness-signals-");
  const app = await startAppProcess({
    SERVICE_FITNESS_DATABASE_URL: database.url,
    SERVICE_FITNESS_DATA_DIR: dataDir,
  });
  return {
    app,
    owner,
    token,
    dataDir,
    async close() {
      await app.stop();
      await owner.end();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!usesExternalDatabase)("signals", () => {
  test("SIGHUP is ignored: the server keeps answering, a request in progress finishes", async () => {
    const { app, token, close } = await serverWithAdmin();
    try {
      const pending = fetch(`${app.url}/api/admin/backups`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      });
      app.proc.kill("SIGHUP");
      await Bun.sleep(500);
      expect(app.proc.exitCode).toBeNull();
      expect((await pending).status).toBe(201);
      app.proc.kill("SIGHUP");
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
      app.proc.kill("SIGTERM");
      expect(await app.proc.exited).toBe(0);
    } finally {
      await close();
    }
  }, 60_000);

  // A table of about 100 MB: its backup alone takes seconds, which the server does not wait
  // for when told to stop (it used to stop only between tables, and the request was cut).
  test("SIGTERM during an admin's backup of a large table answers 503 and leaves nothing", async () => {
    const server = await serverWithAdmin(
      (owner) => owner`
        create table signal_bulk as
          select g, md5(g::text) || md5((g + 1)::text) as t from generate_series(1, 1200000) g`,
    );
    const { app, owner, token, dataDir } = server;
    try {
      const pending = fetch(`${app.url}/api/admin/backups`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      });
      // Wait until the backup is copying the large table.
      for (let i = 0; i < 100; i++) {
        const [copying] = await owner`
          select 1 from pg_stat_activity where query like 'copy%signal_bulk%'`;
        if (copying) break;
        await Bun.sleep(50);
      }
      const stopped = performance.now();
      app.proc.kill("SIGTERM");
      const answer = await pending;
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { error: string }).error).toContain("server stopped");
      expect(performance.now() - stopped).toBeLessThan(3_000);
      expect(await app.proc.exited).toBe(0);
      const [run] = await owner<{ finished_at: Date | null; error: string }[]>`
        select finished_at, error from backup_runs order by id desc limit 1`;
      expect(run!.finished_at).toBeInstanceOf(Date);
      expect(run!.error).toContain("server stopped");
      const uploads = join(dataDir, "uploads");
      expect(
        readdirSync(uploads, { recursive: true, encoding: "utf8" }).filter(
          (n) => !n.endsWith("holds"),
        ),
      ).toEqual([]);
      expect(readdirSync(join(dataDir, "backups"))).toEqual([]);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe("a stray rejection or exception", () => {
  test("is logged and the server process carries on", async () => {
    const guards = join(ROOT, "src", "cli", "process-guards.ts");
    const logger = join(ROOT, "src", "logger.ts");
    const proc = Bun.spawn(
      [
        process.execPath,
        "-e",
        `const { guardServerProcess } = await import(${JSON.stringify(guards)});
         const { createLogger } = await import(${JSON.stringify(logger)});
         guardServerProcess(createLogger("info"));
         Promise.reject(Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" }));
         setTimeout(() => { throw new Error("thrown in a timer"); }, 10);
         setTimeout(() => console.log("still running"), 300);`,
      ],
      { stdout: "pipe", stderr: "pipe" },
    );
    expect(await proc.exited).toBe(0);
    const stdout = await new Response(proc.stdout).text();
    const stderr = await new Response(proc.stderr).text();
    expect(stdout).toContain("still running");
    expect(stderr).toContain('"msg":"unhandled promise rejection (the server carries on)"');
    expect(stderr).toContain('"code":"CONNECTION_CLOSED"');
    expect(stderr).toContain("thrown in a timer");
  }, 30_000);
});
