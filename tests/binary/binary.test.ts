import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { UPLOAD_LIMITS } from "../../src/lib/upload-limits.ts";
import { buildBinary, signUpWithApiKey } from "../helpers/binary-server.ts";
import { repetitiveFit } from "../helpers/hostile-files.ts";
import { exportZip } from "../app-imports/apple-health-export.ts";
import { emptyDir, run } from "../helpers/processes.ts";
import { freePort } from "../helpers/free-port.ts";

// Drives the compiled executable as a self-hoster would: copied alone into an empty
// directory, no configuration, embedded database.
const workDir = emptyDir("fitness-binary-");
const binary = join(workDir, "fitness");
const FIT_CORPUS = join(import.meta.dir, "..", "activity-files", "corpus", "fit");
let server: ReturnType<typeof Bun.spawn> | undefined;
let port = 0;
const env = () => ({
  SERVICE_FITNESS_SERVER_PORT: String(port),
  SERVICE_FITNESS_LOG_LEVEL: "info",
});

beforeAll(async () => {
  copyFileSync(await buildBinary(), binary);
  port = await freePort();
}, 120_000);

afterAll(() => {
  server?.kill();
  rmSync(workDir, { recursive: true, force: true });
});

async function waitForHealth(): Promise<Response> {
  // A first start initialises the embedded database and applies every migration: give a
  // busy two-core machine two minutes.
  for (let i = 0; i < 480; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await Bun.sleep(250);
  }
  throw new Error("server did not become healthy");
}

describe("compiled binary", () => {
  test("starts from an empty directory, serves /api/health, creates users, imports FIT files and an Apple Health export, stops cleanly", async () => {
    server = Bun.spawn([binary, "serve"], {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? "", ...env() },
      stdout: "pipe",
      stderr: "pipe",
    });
    const health = await waitForHealth();
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    expect(existsSync(join(workDir, "data", "pgdata", "PG_VERSION"))).toBe(true);
    expect((await run([binary, "healthcheck"], env(), workDir)).code).toBe(0);

    // While the server owns the embedded database, the CLI works through its socket.
    const created = await run(
      [
        binary,
        "user",
        "create",
        "--email",
        "Bin@Example.test",
        "--password",
        "binary-pass",
        "--json",
      ],
      env(),
      workDir,
    );
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout);
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: "Bin@Example.test",
    });

    const duplicate = await run(
      [binary, "user", "create", "--email", "bin@example.test", "--password", "binary-pass"],
      env(),
      workDir,
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("already exists");

    // FIT files decode on a worker thread, whose module the binary carries as an entry point.
    const importer = await signUpWithApiKey(`http://127.0.0.1:${port}`);
    const form = new FormData();
    form.append("file", Bun.file(join(FIT_CORPUS, "garmin-fenix-5-bike.fit")), "bike.fit");
    form.append(
      "file",
      new File(
        [repetitiveFit(UPLOAD_LIMITS.fitMessages + 1) as Uint8Array<ArrayBuffer>],
        "crafted.fit",
      ),
    );
    const imported = await fetch(`http://127.0.0.1:${port}/api/exercise-entries/import`, {
      method: "POST",
      headers: { Authorization: `Bearer ${importer.token}` },
      body: form,
    });
    expect(imported.status).toBe(200);
    const { files } = (await imported.json()) as { files: Record<string, unknown>[] };
    expect(files.map(({ file, status, error }) => ({ file, status, error }))).toEqual([
      { file: "bike.fit", status: "imported", error: undefined },
      {
        file: "crafted.fit",
        status: "error",
        error: "The FIT file has more than 500000 messages.",
      },
    ]);

    // So are Apple Health exports, on a worker of their own that sends the records back.
    const appleHealth = await fetch(`http://127.0.0.1:${port}/api/import/apple-health`, {
      method: "POST",
      headers: { Authorization: `Bearer ${importer.token}`, "Content-Type": "application/zip" },
      body: exportZip() as Uint8Array<ArrayBuffer>,
    });
    expect(appleHealth.status).toBe(200);
    expect(((await appleHealth.json()) as { written: unknown }).written).toEqual({
      samples: 3035,
      daily_totals: 15,
      sleep_sessions: 5,
      workouts: 2,
      workout_routes: 1,
    });

    server.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    server = undefined;

    // Stopped: the CLI opens the data directory itself and finds what was written.
    const listed = await run([binary, "user", "list", "--json"], env(), workDir);
    expect(listed.code).toBe(0);
    const ids = JSON.parse(listed.stdout).map((u: { id: string }) => u.id);
    expect(ids.sort()).toEqual([user.id, importer.id].sort());
    expect(existsSync(join(workDir, "data", "pgdata.lock"))).toBe(false);
  }, 200_000);
});
