import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { forgetCredentials } from "../../src/credentials/credential-cache.ts";
import { createScratchPostgres } from "../helpers/scratch-postgres.ts";
import { ALICE, seedSource } from "../sparkyfitness-import/seed.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let browser: Browser;
let source: Awaited<ReturnType<typeof createScratchPostgres>>;
let uploads: string;
let admin: ScreenSession;

describe.skipIf(!runBrowserTests)("the admin's SparkyFitness import screen", () => {
  beforeAll(async () => {
    [server, browser, source] = await Promise.all([
      startAppServer(),
      launchBrowser(),
      createScratchPostgres(),
    ]);
    uploads = mkdtempSync(join(tmpdir(), "sparky-web-uploads-"));
    await seedSource(source.url, uploads);
    admin = await openAsNewUser(browser, server.url);
    await server.ctx.db.owner`update users set role = 'admin' where email = ${admin.email}`;
    // As the CLI in another process would, after the credential cache's few seconds.
    forgetCredentials();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await source?.close();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  test("starts an import from the form, shows its progress and the summary", async () => {
    const { page } = admin;
    await page.goto(`${server.url}/#/admin`);
    await page.getByRole("link", { name: "Import", exact: true }).click();
    await page.getByLabel("Source database URL").fill(source.url);
    await page.getByLabel("Uploads directory").fill(uploads);
    await page.getByLabel("Only this email").fill(ALICE.email);
    await page.getByRole("button", { name: "Start import" }).click();
    await page.getByText("Import finished.").waitFor({ timeout: 120_000 });
    const progress = await page.getByLabel("Progress lines").textContent();
    expect(progress).toContain(
      `${ALICE.email}  vitals_entries: 1 read, 1 written, 0 updated, 0 skipped`,
    );
    const summary = await page.getByLabel("Summary lines").textContent();
    expect(summary).toContain("files copied: 3");
    expect(summary).toContain("pregnancies: 1 read, 1 written, 0 updated, 0 skipped");
    expect(await admin.violations()).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 180_000);

  test("a regular user's session gets 403 from the import routes", async () => {
    const user = await openAsNewUser(browser, server.url);
    const res = await user.page.request.post(`${server.url}/api/admin/sparkyfitness-import`, {
      data: { source_url: source.url },
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(res.status()).toBe(403);
    await user.page.context().close();
  });
});
