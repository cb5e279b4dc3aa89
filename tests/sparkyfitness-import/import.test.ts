import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { createLogger } from "../../src/logger.ts";
import { importSparkyFitness } from "../../src/sparkyfitness-import/index.ts";
import type { ImportSummary } from "../../src/sparkyfitness-import/run/summary.ts";
import { JPEG } from "../helpers/image-fixtures.ts";
import { createScratchPostgres } from "../helpers/scratch-postgres.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { decryptApiKey } from "../../src/credentials/api-key-crypto.ts";
import {
  ALICE,
  BOB,
  CAROL,
  FOOD,
  PREGNANCY,
  SEMAGLUTIDE,
  seedSource,
  SOURCE_SECRET,
  USDA_KEY,
  USDA_PROVIDER_ID,
} from "./seed.ts";

let t: TestContext;
let source: Awaited<ReturnType<typeof createScratchPostgres>>;
let uploads: string;
const lines: string[] = [];
// Sessions from the password test: the sign-in limiter allows only a few attempts per address.
const tokens: Record<string, string> = {};

function runImport(
  options: { dryRun?: boolean; only?: string; sourceSecret?: string } = {},
): Promise<ImportSummary> {
  return importSparkyFitness(
    {
      db: t.db,
      logger: createLogger("silent"),
      uploadsRoot: t.config.uploadsDir,
      encryptionKey: t.config.apiEncryptionKey,
      authSecret: t.config.authSecret,
    },
    {
      sourceSecret: options.sourceSecret ?? null,
      sourceAuthSecret: null,
      sourceUrl: source.url,
      sourceUploads: uploads,
      only: options.only ?? null,
      dryRun: options.dryRun ?? false,
    },
    (line) => lines.push(line),
  );
}

async function signIn(email: string, password: string) {
  const res = await t.request(
    "/api/auth/sign-in/email",
    jsonRequest("POST", null, { email, password }),
  );
  return { status: res.status, body: (await res.json()) as { token?: string } };
}

async function getJson(token: string, path: string) {
  const res = await t.request(path, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return res.json();
}

async function countRows(userId: string) {
  const [row] = await t.db.owner<{ n: number }[]>`
    select (select count(*) from check_in_measurements where user_id = ${userId})
         + (select count(*) from check_in_photos where user_id = ${userId})
         + (select count(*) from water_entries where user_id = ${userId})
         + (select count(*) from sleep_entries where user_id = ${userId})
         + (select count(*) from mood_entries where user_id = ${userId})
         + (select count(*) from fasting_logs where user_id = ${userId})
         + (select count(*) from custom_measurement_entries where user_id = ${userId})
         + (select count(*) from exercise_entries where user_id = ${userId})
         + (select count(*) from exercise_entry_sets where user_id = ${userId})
         + (select count(*) from workout_laps where user_id = ${userId})
         + (select count(*) from foods where user_id = ${userId})
         + (select count(*) from food_entries where user_id = ${userId})
         + (select count(*) from meal_foods where user_id = ${userId})
         + (select count(*) from medication_entries where user_id = ${userId})
         + (select count(*) from cycles where user_id = ${userId})
         + (select count(*) from workout_preset_exercises where user_id = ${userId})
         + (select count(*) from workout_plan_template_assignments where user_id = ${userId})
         + (select count(*) from medication_schedules where user_id = ${userId})
         + (select count(*) from medication_pens where user_id = ${userId})
         + (select count(*) from injection_entries where user_id = ${userId})
         + (select count(*) from medication_titration_steps where user_id = ${userId})
         + (select count(*) from symptom_entries where user_id = ${userId})
         + (select count(*) from vitals_entries where user_id = ${userId})
         + (select count(*) from active_calories_entries where user_id = ${userId})
         + (select count(*) from health_metric_samples where user_id = ${userId})
         + (select count(*) from pregnancies where user_id = ${userId})
         + (select count(*) from pregnancy_kick_sessions where user_id = ${userId})
         + (select count(*) from pregnancy_contractions where user_id = ${userId})
         + (select count(*) from pregnancy_checklist_items where user_id = ${userId})
         + (select count(*) from health_appointments where user_id = ${userId})
         + (select count(*) from pregnancy_photos where user_id = ${userId}) as n`;
  return Number(row!.n);
}

beforeAll(async () => {
  [t, source] = await Promise.all([createTestContext(), createScratchPostgres()]);
  uploads = mkdtempSync(join(tmpdir(), "sparky-uploads-"));
  await seedSource(source.url, uploads);
}, 120_000);

afterAll(async () => {
  await t.close();
  await source.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe("importing from SparkyFitness", () => {
  test("a dry run reports what it would write and writes nothing", async () => {
    const summary = await runImport({ dryRun: true });
    expect(summary.tables.get("user")).toEqual({ read: 3, written: 3, updated: 0, skipped: 0 });
    expect(summary.tables.get("check_in_measurements")!.written).toBe(3);
    const [users] = await t.db
      .owner`select count(*)::int as n from users where id in ${t.db.owner([ALICE.id, BOB.id, CAROL.id])}`;
    expect(users!.n).toBe(0);
    expect(summary.filesCopied).toBe(0);
  });

  test("accounts, data and files arrive; the summary says what needs the user", async () => {
    const summary = await runImport();
    expect(summary.tables.get("user")).toEqual({ read: 3, written: 3, updated: 0, skipped: 0 });

    expect(summary.filesCopied).toBe(3); // a check-in photo, a food image, a bump photo
    expect(
      summary.skipReasons.get("check_in_photos: photo file missing from the uploads directory"),
    ).toBe(1);
    const actions = summary.actions.join("\n");
    expect(summary.tables.get("api_key")).toEqual({ read: 2, written: 1, updated: 0, skipped: 1 });
    expect(summary.skipReasons.get("api_key: API key disabled there")).toBe(1);
    expect(summary.skipReasons.get("medications: an effectiveness rating outside 1 to 5")).toBe(1);
    expect(actions).toContain(`${ALICE.email}: enter the credentials of Garmin, My USDA again`);
    expect(actions).toContain(`${CAROL.email}: no password came over`);
    expect(
      lines.some((l) => l.startsWith(`${ALICE.email}  exercise_entries: 2 read, 2 written`)),
    ).toBe(true);
  });

  test("old passwords sign in once re-hashed; a wrong one does not", async () => {
    expect((await signIn(ALICE.email, "wrong password")).status).toBe(401);
    const first = await signIn(ALICE.email, ALICE.password);
    expect(first.status).toBe(200);
    const [row] = await t.db.owner<{ password_hash: string }[]>`
      select password_hash from users where id = ${ALICE.id}`;
    expect(row!.password_hash.startsWith("$argon2id$")).toBe(true);
    tokens.alice = (await signIn(ALICE.email, ALICE.password)).body.token!;
    tokens.bob = (await signIn(BOB.email, BOB.password)).body.token!;
    expect(tokens.alice).toBeString();
    expect(tokens.bob).toBeString();
  });

  test("each kind of record reads back through the API with the same values", async () => {
    const token = tokens.alice!;
    const profile = await getJson(token, "/api/user-preferences");
    expect(profile.timezone).toBe("Europe/Berlin");
    const checkIn = await getJson(token, "/api/measurements/check-in/2026-05-01");
    expect(checkIn).toMatchObject({ weight: 64.2, body_fat_percentage: 24.5, waist: 71 });
    const photos = await getJson(token, "/api/measurements/check-in-photos/2026-05-01");
    expect(photos).toHaveLength(1);
    const file = await t.request(`/api/measurements/check-in-photos/file/${photos[0].id}`, {
      headers: bearer(token),
    });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG);
    const water = await getJson(token, "/api/measurements/water-intake/2026-05-01");
    expect(water.water_ml).toBe(750);
    const sleep = await getJson(token, "/api/sleep?startDate=2026-05-01&endDate=2026-05-03");
    expect(JSON.stringify(sleep)).toContain("28800");
    const mood = await getJson(token, "/api/mood?startDate=2026-05-03&endDate=2026-05-03");
    expect(JSON.stringify(mood)).toContain("energetic");
    const fasts = await getJson(token, "/api/fasting/history");
    expect(JSON.stringify(fasts)).toContain("16:8");
    const runs = await getJson(token, "/api/exercise-entries/by-date?selectedDate=2026-05-03");
    expect(JSON.stringify(runs)).toContain("Running");
    const lifts = await getJson(token, "/api/exercise-entries/by-date?selectedDate=2026-05-04");
    expect(JSON.stringify(lifts)).toContain("Bench Press");
    const [track] = await t.db.owner<{ n: number }[]>`
      select cardinality(lat) as n from workout_gps_tracks where user_id = ${ALICE.id}`;
    expect(track!.n).toBe(60);
  });

  test("foods, the diary, goals, medications and cycle data arrive", async () => {
    const token = tokens.alice!;
    const day = await getJson(token, "/api/food-entries/by-date/2026-05-01");
    const entries = (Array.isArray(day) ? day : day.entries) as Record<string, unknown>[];
    const oats = entries.find((e) => e.food_name === "Rolled oats")!;
    expect(oats).toMatchObject({ calories: 150, quantity: 1.5, food_id: FOOD.id });
    const food = await getJson(token, `/api/foods/${FOOD.id}`);
    expect(food.images).toEqual([FOOD.image]);
    expect(entries.map((e) => e.food_name)).toContain("Croissant");
    const copied = Bun.file(join(t.config.uploadsDir, FOOD.image.slice("/uploads/".length)));
    expect(new Uint8Array(await copied.arrayBuffer())).toEqual(JPEG);
    const goals = await getJson(token, "/api/goals/for-date?date=2026-05-01");
    expect(JSON.stringify(goals)).toContain("2100");
    const meds = await getJson(token, "/api/v2/medications");
    expect(JSON.stringify(meds)).toContain("Vitamin D");
    const [plans] = await t.db.owner<{ presets: number; items: number; days: number }[]>`
      select (select count(*)::int from workout_presets where user_id = ${ALICE.id}) as presets,
             (select count(*)::int from workout_preset_exercises where user_id = ${ALICE.id}) as items,
             (select count(*)::int from workout_plan_template_assignments where user_id = ${ALICE.id}) as days`;
    expect(plans).toEqual({ presets: 1, items: 1, days: 2 });
    const [cycle] = await t.db.owner<{ n: number }[]>`
      select count(*)::int as n from cycle_daily_entries where user_id = ${ALICE.id}`;
    expect(cycle!.n).toBe(1); // the day with a flow level this server does not know is skipped
  });

  test("medication plans, symptoms, vitals, daily metrics and heart-rate samples arrive", async () => {
    const token = tokens.alice!;
    const base = `/api/v2/medications/${SEMAGLUTIDE.id}`;
    // The medication came over; only its rating of 9 was left out.
    expect(await getJson(token, base)).toMatchObject({
      name: "Semaglutide",
      effectiveness_rating: null,
    });
    const pens = await getJson(token, `${base}/pens`);
    expect(pens).toMatchObject([
      { id: SEMAGLUTIDE.penId, total_units: 4, remaining_units: 3, status: "active" },
    ]);
    const shots = await getJson(token, `${base}/injections`);
    expect(JSON.stringify(shots)).toContain('"site":"abdomen_left"');
    expect(JSON.stringify(shots)).toContain('"dose_mg":0.25');
    const titration = JSON.stringify(await getJson(token, `${base}/titration`));
    expect(titration).toContain('"dose_amount":0.25');
    expect(titration).toContain('"dose_amount":0.5');
    const [schedule] = await t.db.owner<{ schedule_type_id: string; days_of_week: number[] }[]>`
      select schedule_type_id, days_of_week from medication_schedules where user_id = ${ALICE.id}`;
    expect(schedule).toEqual({ schedule_type_id: "weekly", days_of_week: [1, 4] });
    const symptoms = await getJson(
      token,
      "/api/v2/symptoms/entries?fromDate=2026-04-29&toDate=2026-04-29",
    );
    expect(symptoms).toMatchObject([
      {
        symptom_name_snapshot: "Nausea",
        severity: 4,
        body_location: "Stomach",
        context_text: "after breakfast",
        notes: null,
      },
    ]);
    const vitals = await getJson(token, "/api/vitals?date=2026-05-02");
    expect(vitals).toMatchObject([
      { systolic_mmhg: 118, diastolic_mmhg: 76, blood_glucose_mgdl: 92.5, meal_context: "fasting" },
    ]);
    expect(await getJson(token, "/api/measurements/check-in/2026-05-02")).toMatchObject({
      weight: 64,
      steps: 11234,
    });
    const burned = JSON.stringify(
      await getJson(token, "/api/measurements/active-calories/2026-05-02"),
    );
    expect(burned).toContain("512.5");
    const hr = await getJson(
      token,
      "/api/generic-health/samples?metric=heart_rate&date=2026-05-02",
    );
    expect(JSON.stringify(hr)).toContain('"source":"garmin"');
    const [samples] = await t.db.owner<{ value: number[] }[]>`
      select value from health_metric_samples where user_id = ${ALICE.id} and metric = 'heart_rate'`;
    expect(samples!.value).toEqual([60, 61, 62, 63]);
  });

  test("pregnancy data arrives for its owner, with the bump photo", async () => {
    const token = tokens.alice!;
    const q = `pregnancy_id=${PREGNANCY.id}`;
    const pregnancy = await getJson(token, "/api/v2/pregnancy/current");
    expect(pregnancy).toMatchObject({ due_date: "2026-09-15", notes: "second pregnancy" });
    expect(await getJson(token, `/api/v2/pregnancy/kicks?${q}`)).toMatchObject([{ kick_count: 2 }]);
    expect(await getJson(token, `/api/v2/pregnancy/contractions?${q}`)).toMatchObject({
      contractions: [{ intensity: 3, duration_seconds: 60 }],
    });
    expect(JSON.stringify(await getJson(token, `/api/v2/pregnancy/checklist?${q}`))).toContain(
      "Book the anatomy scan",
    );
    expect(await getJson(token, `/api/v2/pregnancy/appointments?${q}`)).toMatchObject([
      { title: "Anatomy scan", location: "City clinic", appointment_type: "ultrasound" },
    ]);
    const photos = await getJson(token, `/api/v2/pregnancy/photos?${q}`);
    expect(photos).toMatchObject([{ week: 20, notes: "week 20" }]);
    const file = await t.request(`/api/v2/pregnancy/photos/file/${photos[0].id}`, {
      headers: bearer(token),
    });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG);
  });

  test("the delegate sees exactly what the grant allows", async () => {
    const acting = bearer(tokens.bob!, { "X-Acting-For": ALICE.id });
    const checkIn = await t.request("/api/measurements/check-in/2026-05-01", { headers: acting });
    expect(checkIn.status).toBe(200);
    const water = await t.request("/api/measurements/water-intake/2026-05-01", {
      headers: acting,
    });
    expect((await water.json()).water_ml).toBe(750); // can_view_reports reads diary data
    const write = await t.request("/api/measurements/water-intake", {
      ...jsonRequest("POST", tokens.bob!, { entry_date: "2026-05-01", water_ml: 100 }),
      headers: { ...acting, "Content-Type": "application/json" },
    });
    expect(write.status).toBe(403); // no can_manage_diary
    const cycle = await t.request("/api/v2/cycle/cycles", { headers: acting });
    expect(cycle.status).toBe(403); // cycle data is never shared
    const pregnancy = await t.request("/api/v2/pregnancy/current", { headers: acting });
    expect(pregnancy.status).toBe(403); // nor is pregnancy data
    const vitals = await t.request("/api/vitals?date=2026-05-02", { headers: acting });
    expect((await vitals.json())[0].systolic_mmhg).toBe(118); // can_manage_checkin
    const pens = await t.request(`/api/v2/medications/${SEMAGLUTIDE.id}/pens`, { headers: acting });
    expect(pens.status).toBe(200); // can_view_reports reads medications
    const addPen = await t.request(`/api/v2/medications/${SEMAGLUTIDE.id}/pens`, {
      method: "POST",
      headers: { ...acting, "Content-Type": "application/json" },
      body: JSON.stringify({ total_units: 4 }),
    });
    expect(addPen.status).toBe(403); // but does not manage them
  });

  test("a second run adds and changes nothing", async () => {
    const before = await countRows(ALICE.id);
    const summary = await runImport();
    expect(await countRows(ALICE.id)).toBe(before);
    for (const [table, counts] of summary.tables)
      expect([table, counts.written, counts.updated]).toEqual([table, 0, 0]);
    expect(summary.filesCopied).toBe(0);
  });

  test("with the other server's key, food-provider credentials come over re-sealed", async () => {
    const summary = await runImport({ sourceSecret: SOURCE_SECRET, only: ALICE.email });
    expect(summary.tables.get("external_data_providers")).toEqual({
      read: 2,
      written: 1,
      updated: 0,
      skipped: 1,
    });
    expect(summary.actions.join("\n")).toContain(`${ALICE.email}: connect Garmin again`);
    const [row] = await t.db.owner<{ credentials_sealed: Uint8Array; provider_type: string }[]>`
      select credentials_sealed, provider_type from external_providers where id = ${USDA_PROVIDER_ID}`;
    expect(row!.provider_type).toBe("usda");
    const opened = JSON.parse(decryptApiKey(t.config.apiEncryptionKey, row!.credentials_sealed));
    expect(opened).toEqual({ app_id: null, app_key: USDA_KEY });
    const wrongKey = await runImport({ sourceSecret: "cd".repeat(32), only: ALICE.email });
    expect(wrongKey.tables.get("external_data_providers")!.written).toBe(0);
  });

  test("a grant deleted at the source ends here; one to someone left out of a run stays", async () => {
    const grantActive = async () => {
      const [row] = await t.db.owner<{ is_active: boolean }[]>`
        select is_active from family_access
         where owner_user_id = ${ALICE.id} and delegate_user_id = ${BOB.id}`;
      return row!.is_active;
    };
    // The run before imported alice only: her grant to bob, not imported then, stayed.
    expect(await grantActive()).toBe(true);
    const sql = postgres(source.url, { max: 1, onnotice: () => {} });
    try {
      await sql`delete from public.family_access where owner_user_id = ${ALICE.id}`;
    } finally {
      await sql.end();
    }
    await runImport();
    expect(await grantActive()).toBe(false);
  });
});

describe("a table larger than one statement's parameters", () => {
  test("imports, and a re-run updates what changed there", async () => {
    const sql = postgres(source.url, { max: 1, onnotice: () => {} });
    const medication = crypto.randomUUID();
    try {
      await sql`insert into public.medications (id, user_id, name, type_id)
                values (${medication}, ${BOB.id}, 'Aspirin', 'tablet')`;
      await sql`
        insert into public.medication_entries (medication_id, user_id, status, taken_at, entry_date)
        select ${medication}, ${BOB.id}, 'taken', timestamptz '2026-01-01' + n * interval '1 hour',
               date '2026-01-01' + n / 24
          from generate_series(1, 10000) as n`;
      const first = await runImport({ only: BOB.email });
      expect(first.tables.get("medication_entries")).toMatchObject({ read: 10000, written: 10000 });
      await sql`update public.medication_entries set status = 'skipped'
                 where user_id = ${BOB.id} and taken_at < timestamptz '2026-01-02'`;
      const again = await runImport({ only: BOB.email });
      expect(again.tables.get("medication_entries")).toEqual({
        read: 10000,
        written: 0,
        updated: 23,
        skipped: 9977,
      });
    } finally {
      await sql.end();
    }
  }, 120_000);
});
