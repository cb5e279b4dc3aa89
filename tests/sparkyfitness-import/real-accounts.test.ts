import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Secret, TOTP } from "otpauth";
import postgres from "postgres";
import { decryptApiKey } from "../../src/credentials/api-key-crypto.ts";
import { importSource } from "./import-source.ts";
import type { ImportSummary } from "../../src/sparkyfitness-import/run/summary.ts";
import { cookiesOf, post } from "../helpers/two-factor.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { postHealthData } from "../health-data/helpers.ts";
import {
  REAL_PEOPLE,
  REAL_SECRETS,
  realFixtureAvailable,
  restoreRealFixture,
  type RealSource,
} from "./real-fixture.ts";

// The database the real SparkyFitness 1.6.2 server filled, restored once for this file.
describe.skipIf(!realFixtureAvailable)("switching from a real SparkyFitness 1.6.2", () => {
  let t: TestContext;
  let source: RealSource;
  let sourceSql: postgres.Sql;
  let first: ImportSummary;
  const { alice, bob, carol } = REAL_PEOPLE;

  function runImport(
    options: { sourceUrl?: string; authSecret?: string | null; dryRun?: boolean } = {},
  ) {
    return importSource(t, source, {
      sourceUrl: options.sourceUrl,
      dryRun: options.dryRun,
      sourceSecret: REAL_SECRETS.apiEncryptionKey,
      sourceAuthSecret:
        options.authSecret === undefined ? REAL_SECRETS.betterAuthSecret : options.authSecret,
    });
  }

  // Each sign-in from its own address: the limiter allows only a few per address.
  async function signInToken(person: { email: string; password: string }) {
    const res = await post(t, "/api/auth/sign-in/email", person);
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  beforeAll(async () => {
    [t, source] = await Promise.all([createTestContext(), restoreRealFixture()]);
    sourceSql = postgres(source.url, { max: 1, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await sourceSql.end();
    await t.close();
    await source.close();
  });

  test("the old server's application role is refused before anything is written", async () => {
    await expect(runImport({ sourceUrl: source.appRoleUrl })).rejects.toThrow(
      /"sparky_app", which that server's row-level security limits.*connect as the database owner/s,
    );
    const [users] = await t.db.owner<{ n: number }[]>`select count(*)::int as n from users`;
    expect(users!.n).toBe(0);
  });

  test("a database that is not that server's is refused", async () => {
    const other = new URL(source.url);
    other.pathname = "/postgres";
    await expect(runImport({ sourceUrl: other.toString() })).rejects.toThrow(
      /not a SparkyFitness database/,
    );
  });

  test("without the old auth secret, the summary lists whose two-factor must be set up again", async () => {
    const dry = await runImport({ authSecret: null, dryRun: true });
    expect(dry.tables.get("two_factor")).toMatchObject({ read: 1, written: 0, skipped: 1 });
    expect(dry.actions).toContain(
      `${carol.email}: set up two-factor sign-in again (run with --auth-secret to keep it)`,
    );
    const wrong = await runImport({ authSecret: "not-that-secret", dryRun: true });
    expect(wrong.actions.join("\n")).toContain("the given --auth-secret does not open it");
  }, 60_000);

  test("every account arrives; the summary lists nobody without a password", async () => {
    first = await runImport();
    expect(first.tables.get("user")).toMatchObject({ read: 3, written: 3, updated: 0, skipped: 0 });
    expect(first.tables.get("api_key")).toMatchObject({
      read: 2,
      written: 2,
      updated: 0,
      skipped: 0,
    });
    expect(first.tables.get("two_factor")).toMatchObject({
      read: 1,
      written: 1,
      updated: 0,
      skipped: 0,
    });
    const text = first.lines().join("\n");
    expect(text).not.toContain("no password came over");
    // Every file of its uploads, each once (a food's image is also on its diary entries).
    expect(first.filesCopied).toBe(16);
    expect(text).not.toContain("API key");
    expect(text).not.toContain("two-factor");
    // alice's Mealie key, sealed there in base64, is sealed here with this server's key.
    const [mealie] = await t.db.owner<{ credentials_sealed: Uint8Array }[]>`
      select credentials_sealed from external_providers where provider_type = 'mealie'`;
    const opened = JSON.parse(decryptApiKey(t.config.apiEncryptionKey, mealie!.credentials_sealed));
    expect(opened).toEqual({ app_id: null, app_key: expect.stringMatching(/\S{8,}/) });
  }, 60_000);

  test("everyone keeps the default databases they had there (1.6 shares alice's defaults)", async () => {
    const rows = await t.db.owner<{ email: string; provider_type: string }[]>`
      select u.email, p.provider_type from external_providers p join users u on u.id = p.user_id
       where p.provider_type in ('wger', 'free-exercise-db', 'swissfood') and p.is_active
       order by u.email, p.provider_type`;
    expect(rows.map((r) => `${r.email} ${r.provider_type}`)).toEqual(
      [alice, bob, carol].flatMap((p) => [
        `${p.email} free-exercise-db`,
        `${p.email} swissfood`,
        `${p.email} wger`,
      ]),
    );
    // alice's own rows came with her credentials' step; bob and carol had hers, public.
    expect(first.tables.get("external_data_providers (defaults)")).toMatchObject({
      read: 9,
      written: 6,
    });
  });

  test("each person signs in with the old password, which is then re-hashed", async () => {
    for (const person of [alice, bob]) {
      const res = await post(t, "/api/auth/sign-in/email", person);
      expect(res.status).toBe(200);
    }
    const [row] = await t.db.owner<{ password_hash: string }[]>`
      select password_hash from users where email = ${alice.email}`;
    expect(row!.password_hash).toStartWith("$argon2id$");
    const wrong = await post(t, "/api/auth/sign-in/email", { ...bob, password: "nope" });
    expect(wrong.status).toBe(401);
  });

  test("carol's TOTP code works after her password", async () => {
    const started = await post(t, "/api/auth/sign-in/email", carol);
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ twoFactorRedirect: true });
    const totp = new TOTP({ secret: Secret.fromBase32(carol.totpSecret) });
    const done = await post(
      t,
      "/api/auth/two-factor/verify-totp",
      { code: totp.generate() },
      { cookie: cookiesOf(started) },
    );
    expect(done.status).toBe(200);
    expect((await done.json()).token).toBeString();
    // One of her unused backup codes (stored encrypted in the fixture), once.
    for (const expected of [200, 401]) {
      const again = await post(t, "/api/auth/sign-in/email", carol);
      const backup = await post(
        t,
        "/api/auth/two-factor/verify-backup-code",
        { code: "RQBc2-ar05w" },
        { cookie: cookiesOf(again) },
      );
      expect(backup.status).toBe(expected);
    }
  });

  test("alice's old API key syncs, under its old name", async () => {
    const res = await postHealthData(t, alice.apiKey, [
      { type: "weight", value: 61.5, date: "2026-11-28" },
    ]);
    expect(res.status).toBe(200);
    const token = await signInToken(alice);
    const keys = await t.request("/api/identity/user-api-keys", { headers: bearer(token) });
    const names = (await keys.json()).map((k: { name: string }) => k.name);
    expect(names).toContain("phone sync");
  });

  test("a second run changes nothing", async () => {
    const again = await runImport();
    for (const [table, c] of again.tables)
      expect([table, c.written, c.updated]).toEqual([table, 0, 0]);
    expect(again.filesCopied).toBe(0);
    expect(again.conflicts).toEqual([]);
    // Every skip names its table and its reason.
    expect(again.skipReasons.get("api_key: unchanged since the last import")).toBe(2);
    expect(again.lines()).toContain("  2 × api_key: unchanged since the last import");
    expect(again.actions.join("\n")).not.toContain("two-factor");
  }, 60_000);

  test("an edit made in the source arrives; a row changed here too is kept as a conflict", async () => {
    const token = await signInToken(alice);
    const semaglutide = "1f0bd77a-960c-46a8-b516-354655720c05";
    const metformin = "06075ba0-22fb-4807-8c24-f99463bc077f";
    const changedHere = await t.request(`/api/v2/medications/${metformin}`, {
      ...jsonRequest("PUT", token, { notes: "changed here" }),
    });
    expect(changedHere.status).toBe(200);
    await sourceSql`update public.medications set dose_amount = 1 where id = ${semaglutide}`;
    await sourceSql`update public.medications set notes = 'changed there' where id = ${metformin}`;
    // Renamed there after it was used here: its use here is no change here.
    await sourceSql`update public.api_key set name = 'phone (old server)' where name = 'phone sync'`;
    const granolaEntry = "fe353df5-4984-48d0-be49-7367995df437";
    await sourceSql`update public.food_entries set quantity = 0.75 where id = ${granolaEntry}`;

    const rerun = await runImport();
    expect(rerun.tables.get("medications")).toMatchObject({ written: 0, updated: 1 });
    expect(rerun.tables.get("food_entries")).toMatchObject({ written: 0, updated: 1 });
    expect(rerun.tables.get("api_key")).toMatchObject({ written: 0, updated: 1 });
    expect(rerun.filesCopied).toBe(0);
    expect(rerun.conflicts).toEqual([
      `${alice.email}: medications ${metformin} changed here since the last import; kept`,
    ]);
    expect(rerun.lines()).toContain("Changed here since the last import (kept):");
    const meds = await t.request("/api/v2/medications", { headers: bearer(token) });
    const byId = new Map((await meds.json()).map((m: { id: string }) => [m.id, m]));
    expect(byId.get(semaglutide)).toMatchObject({ dose_amount: 1 });
    expect(byId.get(metformin)).toMatchObject({ notes: "changed here" });
    const day = await t.request("/api/food-entries/by-date/2026-11-21", { headers: bearer(token) });
    const entry = (await day.json()).find((e: { id: string }) => e.id === granolaEntry);
    expect(entry).toMatchObject({ quantity: 0.75 });

    const third = await runImport();
    for (const [table, c] of third.tables)
      expect([table, c.written, c.updated]).toEqual([table, 0, 0]);
  }, 60_000);
});
