import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Secret, TOTP } from "otpauth";
import type postgres from "postgres";
import { importSource, openImportSetup, type ImportSetup } from "./import-source.ts";
import type { ImportSummary } from "../../src/sparkyfitness-import/run/summary.ts";
import { cookiesOf, post } from "../helpers/two-factor.ts";
import type { TestContext } from "../helpers/test-app.ts";
import { restoreSecondFixture, secondFixtureAvailable, type RealSource } from "./real-fixture.ts";

// The second database the real SparkyFitness 1.6.2 server filled (issue 45); its README
// lists the people, their passwords and secrets, and what each has.
const SECRETS = {
  apiEncryptionKey: "5f0c3a7e91d24b68a0e3c1f7b2d95e4a8c6f1b3d7e9a2c4f6b8d0e1a3c5f7b9d",
  betterAuthSecret: "2c9e4f71a3b85d06e7f1c2a4b6d8e0f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5",
};
const ava = {
  email: "ava@second.test",
  password: "Ünïcødé-long-pass 🏋️‍♀️🥑🚴 Sydney→Chicago → Kolkata ☕ London 26!",
};
const ben = {
  email: "ben@second.test",
  password: "ben-Chicago-pass-2025",
  totpSecret: "OFYXKVDXJIZXCNCDJZKGMU2YJFXXGQTEPBKTQ3CUGA4S2RSCIYYQ",
};
const others = [
  { email: "chitra@second.test", password: "chitra Kolkata pass 9" },
  { email: "dev@second.test", password: "dev-London-pass-2026" },
  { email: "ella@second.test", password: "ella-Sydney-pass-77" },
];
const finn = { email: "finn@second.test", password: "finn-disabled-pass-1" };
const AVA_ID = "853ea3c9-373e-4b71-ba65-4ba6af7fccce";

describe.skipIf(!secondFixtureAvailable)("switching from a second real SparkyFitness 1.6.2", () => {
  let setup: ImportSetup;
  let t: TestContext;
  let source: RealSource;
  let sourceSql: postgres.Sql;
  let first: ImportSummary;

  const runImport = () =>
    importSource(t, source, {
      sourceSecret: SECRETS.apiEncryptionKey,
      sourceAuthSecret: SECRETS.betterAuthSecret,
    });

  beforeAll(async () => {
    setup = await openImportSetup(restoreSecondFixture);
    ({ t, source, src: sourceSql } = setup);
    first = await runImport();
  }, 120_000);

  afterAll(() => setup?.close());

  test("every account arrives with its second factor and API key", () => {
    expect(first.tables.get("user")).toMatchObject({ read: 6, written: 6, skipped: 0 });
    expect(first.tables.get("two_factor")).toMatchObject({ read: 1, written: 1 });
    expect(first.tables.get("api_key")).toMatchObject({ read: 1, written: 1 });
  });

  test("everyone signs in with the old password; the disabled account cannot", async () => {
    for (const person of [ava, ...others]) {
      const res = await post(t, "/api/auth/sign-in/email", person);
      expect([person.email, res.status]).toEqual([person.email, 200]);
    }
    const refused = await post(t, "/api/auth/sign-in/email", finn);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "This account has been disabled." });
    const wrong = await post(t, "/api/auth/sign-in/email", {
      ...others[0]!,
      password: "nope-nope",
    });
    expect(wrong.status).toBe(401);
  });

  test("the 90-byte password: its first 72 bytes with another tail do not replace it", async () => {
    expect(Buffer.byteLength(ava.password)).toBe(90);
    const prefix = Buffer.from(ava.password).subarray(0, 72).toString("utf8");
    // bcrypt's rule (the first 72 bytes count) is kept for this account, as there...
    const tail = await post(t, "/api/auth/sign-in/email", { ...ava, password: `${prefix}x` });
    expect(tail.status).toBe(200);
    // ...and the real password still works afterwards, again and again.
    for (let i = 0; i < 2; i++) {
      const res = await post(t, "/api/auth/sign-in/email", ava);
      expect(res.status).toBe(200);
    }
    const [row] = await t.db.owner<{ password_hash: string }[]>`
      select password_hash from users where email = ${ava.email}`;
    expect(row!.password_hash).toMatch(/^\$2[ab]\$/);
  });

  test("ben's TOTP code works after his password", async () => {
    const started = await post(t, "/api/auth/sign-in/email", ben);
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ twoFactorRedirect: true });
    const code = new TOTP({ secret: Secret.fromBase32(ben.totpSecret) }).generate();
    const done = await post(
      t,
      "/api/auth/two-factor/verify-totp",
      { code },
      { cookie: cookiesOf(started) },
    );
    expect(done.status).toBe(200);
    expect((await done.json()).token).toBeString();
  });

  test("Garmin samples come over with source garmin", async () => {
    const rows = await t.db.owner<{ metric: string; source: string; n: number }[]>`
      select metric, source, sum(cardinality(value))::int as n from health_metric_samples
       group by 1, 2 order by 1, 2`;
    const got = Object.fromEntries(rows.map((r) => [`${r.metric} ${r.source}`, r.n]));
    expect(got).toMatchObject({
      "body_battery garmin": 48,
      "heart_rate garmin": 96,
      "hrv garmin": 112,
      "respiration garmin": 48,
      "spo2 garmin": 16,
      "stress garmin": 96,
    });
  });

  test("food allergens and traces are kept", async () => {
    const rows = await t.db.owner<{ allergens: string[] | null; traces: string[] | null }[]>`
      select v.allergens, v.traces from food_variants v join foods f on f.id = v.food_id
       where f.name = 'Peanut satay sauce'`;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.allergens).toEqual(["peanuts", "soybeans"]);
      expect(row.traces).toEqual(["sesame-seeds"]);
    }
  });

  test("each person's units come over: dev's stones and pounds, ben's pounds and miles", async () => {
    const rows = await t.db.owner<{ email: string; weight_unit: string; distance_unit: string }[]>`
      select u.email, p.weight_unit, p.distance_unit from user_profiles p
        join users u on u.id = p.user_id where u.email in ('dev@second.test', 'ben@second.test')
       order by u.email`;
    expect([...rows]).toEqual([
      { email: "ben@second.test", weight_unit: "lbs", distance_unit: "miles" },
      { email: "dev@second.test", weight_unit: "st", distance_unit: "miles" },
    ]);
  });

  test("the Cool-down set type is kept (as this server's cooldown), not made a normal set", async () => {
    const rows = await t.db.owner<{ set_type: string; n: number }[]>`
      select set_type, count(*)::int as n from exercise_entry_sets group by 1 order by 1`;
    // There: 8 Warm-up, 20 Working Set, 8 Drop Set, 8 Cool-down.
    expect([...rows]).toEqual([
      { set_type: "cooldown", n: 8 },
      { set_type: "drop", n: 8 },
      { set_type: "normal", n: 20 },
      { set_type: "warmup", n: 8 },
    ]);
  });

  test("dose names, an appointment's outcome and an expired grant come over as they were", async () => {
    const meds = await t.db.owner<{ name: string; display_name: string }[]>`
      select name, display_name from medications where is_glp1 order by name`;
    expect([...meds]).toEqual([
      { name: "semaglutide", display_name: "Ozempic" },
      { name: "tirzepatide", display_name: "Mounjaro" },
    ]);
    // Its outcome (a JSON object there) is kept as that object.
    const [appointment] = await t.db.owner<{ outcome: unknown }[]>`
      select outcome from health_appointments`;
    expect(appointment!.outcome).toEqual({
      summary: "All normal",
      weight_kg: 64.2,
      bp: "112/70",
    });
    // ava's grant to ella ended on 2026-01-31 (still "active" there); ben's has no end.
    const grants = await t.db.owner<{ owner_user_id: string; is_active: boolean }[]>`
      select owner_user_id, is_active from family_access order by is_active`;
    expect([...grants]).toEqual([
      { owner_user_id: AVA_ID, is_active: false },
      { owner_user_id: "a0ab7639-9bce-4cc0-8c47-67ff0e3ab56e", is_active: true },
    ]);
  });

  test("a second run writes nothing", async () => {
    const again = await runImport();
    for (const [table, c] of again.tables)
      expect([table, c.written, c.updated]).toEqual([table, 0, 0]);
    expect(again.filesCopied).toBe(0);
    expect(again.conflicts).toEqual([]);
  }, 60_000);

  // Issue 45, finding 9: a deletion at the source is carried on a re-run.
  test("a row deleted at the source is deleted here on a re-run", async () => {
    const [entry] = await sourceSql<{ id: string }[]>`
      select id from public.mood_entries where user_id = ${AVA_ID} order by entry_date limit 1`;
    await sourceSql`delete from public.mood_entries where id = ${entry!.id}`;
    const before = await t.db.owner<{ n: number }[]>`
      select count(*)::int as n from mood_entries where user_id = ${AVA_ID}`;
    await runImport();
    const after = await t.db.owner<{ n: number }[]>`
      select count(*)::int as n from mood_entries where user_id = ${AVA_ID}`;
    expect(after[0]!.n).toBe(before[0]!.n - 1);
  }, 60_000);
});
