import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeAdmin, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createScratchPostgres } from "../helpers/scratch-postgres.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { INTERRUPTED } from "../../src/sparkyfitness-import/run/jobs.ts";
import { ALICE, seedSource } from "./seed.ts";

const PATH = "/api/admin/sparkyfitness-import";
let t: TestContext;
let source: Awaited<ReturnType<typeof createScratchPostgres>>;
let uploads: string;
let adminToken: string;

beforeAll(async () => {
  [t, source] = await Promise.all([createTestContext(), createScratchPostgres()]);
  uploads = mkdtempSync(join(tmpdir(), "sparky-job-uploads-"));
  await seedSource(source.url, uploads);
  const admin = await t.createUser("Admin");
  await makeAdmin(t, admin.id);
  adminToken = admin.token;
}, SETUP_TIMEOUT * 2);

afterAll(async () => {
  await t.close();
  await source.close();
  rmSync(uploads, { recursive: true, force: true });
});

/** The source URL with a password, which the test server's trust authentication ignores. */
function urlWithPassword() {
  const url = new URL(source.url);
  if (!url.password) url.password = "hunter2-secret";
  return url.toString();
}

async function pollUntilOver(id: string) {
  for (;;) {
    const res = await t.request(`${PATH}/${id}`, { headers: bearer(adminToken) });
    expect(res.status).toBe(200);
    const job = await res.json();
    if (job.status !== "running") return job;
    await Bun.sleep(100);
  }
}

describe("the SparkyFitness import as an admin job", () => {
  test("non-admins get 403, bad input 400", async () => {
    const user = await t.createUser();
    const body = { source_url: source.url, dry_run: true };
    expect((await t.request(PATH, jsonRequest("POST", user.token, body))).status).toBe(403);
    expect((await t.request(PATH, { headers: bearer(user.token) })).status).toBe(403);
    const bad = await t.request(
      PATH,
      jsonRequest("POST", adminToken, { source_url: "https://example.com/db" }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("postgres://");
    const missing = await t.request(`${PATH}/${crypto.randomUUID()}`, {
      headers: bearer(adminToken),
    });
    expect(missing.status).toBe(404);
  });

  test("the other server's key is taken as hex or 44-character base64, with its auth secret", async () => {
    const base64Key = Buffer.alloc(32, 7).toString("base64");
    const bad = await t.request(
      PATH,
      jsonRequest("POST", adminToken, { source_url: source.url, api_key_secret: "abc=" }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("44 base64 characters");
    const res = await t.request(
      PATH,
      jsonRequest("POST", adminToken, {
        source_url: source.url,
        api_key_secret: base64Key,
        auth_secret: "old-better-auth-secret",
        dry_run: true,
      }),
    );
    expect(res.status).toBe(202);
    const job = await pollUntilOver((await res.json()).id);
    expect(job).toMatchObject({
      status: "finished",
      with_api_key_secret: true,
      with_auth_secret: true,
    });
  });

  test("a job runs in the background, records progress and its summary, keeps no password", async () => {
    const res = await t.request(
      PATH,
      jsonRequest("POST", adminToken, {
        source_url: urlWithPassword(),
        uploads_dir: uploads,
        only: ALICE.email,
        dry_run: false,
      }),
    );
    expect(res.status).toBe(202);
    const started = await res.json();
    expect(started.status).toBe("running");
    expect(started.source_url).not.toContain("hunter2-secret");
    const job = await pollUntilOver(started.id);
    expect(job.status).toBe("finished");
    expect(job.error).toBeNull();
    expect(job.progress).toContain(`${ALICE.email}  user: 1 read, 1 written, 0 updated, 0 skipped`);
    expect(job.progress).toContain(
      `${ALICE.email}  vitals_entries: 1 read, 1 written, 0 updated, 0 skipped`,
    );
    expect(job.summary[0]).toBe("Summary:");
    expect(job.summary).toContain("  files copied: 3");
    const [row] = await t.db.owner<{ text: string }[]>`
      select concat_ws(' ', source_url, array_to_string(progress, ' '), array_to_string(summary, ' ')) as text
        from sparkyfitness_import_jobs where id = ${started.id}`;
    expect(row!.text).not.toContain("hunter2-secret");
    const [user] = await t.db.owner`select 1 from users where id = ${ALICE.id}`;
    expect(user).toBeDefined();
    const list = await t.request(PATH, { headers: bearer(adminToken) });
    expect((await list.json()).map((j: { id: string }) => j.id)).toContain(started.id);
  });

  test("a dry run job says so and a failing source fails the job with its error", async () => {
    const dry = await t.request(
      PATH,
      jsonRequest("POST", adminToken, { source_url: source.url, dry_run: true }),
    );
    const job = await pollUntilOver((await dry.json()).id);
    expect(job).toMatchObject({ status: "finished", dry_run: true });
    expect(job.summary[0]).toBe("Dry run: nothing was written.");
    const broken = new URL(source.url);
    broken.pathname = "/no_such_database_here";
    const failing = await t.request(
      PATH,
      jsonRequest("POST", adminToken, { source_url: broken.toString() }),
    );
    const failed = await pollUntilOver((await failing.json()).id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("no_such_database_here");
  });

  test("a job the server stopped under is closed as interrupted, and stays so", async () => {
    const res = await t.request(
      PATH,
      jsonRequest("POST", adminToken, { source_url: source.url, dry_run: true }),
    );
    const started = await res.json();
    // As the server does when it stops: the job is still running in the background here.
    await t.jobs.interruptAll();
    const job = await pollUntilOver(started.id);
    expect(job).toMatchObject({ status: "failed", error: INTERRUPTED });
    expect(job.finished_at).not.toBeNull();
    // The import carried on here (this database stayed open) and its end changed nothing.
    await Bun.sleep(1500);
    const again = await t.request(`${PATH}/${started.id}`, { headers: bearer(adminToken) });
    expect(await again.json()).toMatchObject({
      status: "failed",
      error: INTERRUPTED,
      summary: null,
    });
  });
});
