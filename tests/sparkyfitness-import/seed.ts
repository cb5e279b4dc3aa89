import { createCipheriv, createHash, randomBytes, scryptSync } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { JPEG } from "../helpers/image-fixtures.ts";

/** The other server's password hash, made with its documented scrypt parameters. */
export function sparkyHash(password: string): string {
  const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
  const key = scryptSync(password.normalize("NFKC"), salt, 64, {
    N: 16384,
    r: 16,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return `${salt}:${key.toString("hex")}`;
}

export const ALICE = {
  id: crypto.randomUUID(),
  email: `alice-${crypto.randomUUID().slice(0, 8)}@old.test`,
  password: "Alice's old pässword",
};
export const BOB = {
  id: crypto.randomUUID(),
  email: `bob-${crypto.randomUUID().slice(0, 8)}@old.test`,
  password: "bob-secret-123",
};
export const CAROL = {
  id: crypto.randomUUID(),
  email: `carol-${crypto.randomUUID().slice(0, 8)}@old.test`,
};
/** The other server's SPARKY_FITNESS_API_ENCRYPTION_KEY in these tests. */
export const SOURCE_SECRET = "ab".repeat(32);
export const USDA_KEY = "usda-demo-key-123";
export const ALICE_API_KEY = "alicesOldSparkyKeyFromThePhoneApp0123456789";
export const USDA_PROVIDER_ID = crypto.randomUUID();

/** AES-256-GCM as the other server seals a provider credential: base64 text, IV and tag (its security/encryption.ts). */
function sealLikeSparky(plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(SOURCE_SECRET, "hex"), iv);
  const text = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("base64");
  return { text, iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64") };
}

export const RUN_START = "2026-05-03T07:00:00.000Z";
export const PHOTO_PATH = `/uploads/checkin/${ALICE.id}/2026-05-01-front.jpg`;

/** Creates the other server's tables and fills them for Alice, Bob and Carol. */
export async function seedSource(url: string, uploadsDir: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(await Bun.file(join(import.meta.dir, "source-schema.sql")).text());
    await seedAccounts(sql);
    await seedAliceData(sql);
    await sql`insert into public.check_in_measurements (user_id, entry_date, weight)
              values (${BOB.id}, '2026-05-01', 90.5)`;
    await sql`
      insert into public.family_access (owner_user_id, family_user_id, family_email, access_permissions)
      values (${ALICE.id}, ${BOB.id}, ${BOB.email},
              ${sql.json({ can_manage_checkin: true, can_view_reports: true, can_manage_diary: false })})`;
  } finally {
    await sql.end();
  }
  const photo = join(uploadsDir, "checkin", ALICE.id);
  mkdirSync(photo, { recursive: true });
  writeFileSync(join(photo, "2026-05-01-front.jpg"), JPEG);
  mkdirSync(join(uploadsDir, "foods", FOOD.id), { recursive: true });
  writeFileSync(join(uploadsDir, "foods", FOOD.id, "oats.jpg"), JPEG);
  mkdirSync(join(uploadsDir, "pregnancy", ALICE.id), { recursive: true });
  writeFileSync(join(uploadsDir, "pregnancy", ALICE.id, "week-20.jpg"), JPEG);
}

async function seedAccounts(sql: postgres.Sql) {
  for (const [user, role] of [
    [ALICE, "admin"],
    [BOB, "user"],
    [CAROL, "user"],
  ] as const) {
    await sql`insert into public."user" (id, email, name, role) values (${user.id}, ${user.email}, ${user.email.split("-")[0]!}, ${role})`;
  }
  await sql`insert into public.account (account_id, provider_id, user_id, password) values
    (${ALICE.id}, 'credential', ${ALICE.id}, ${sparkyHash(ALICE.password)}),
    (${BOB.id}, 'credential', ${BOB.id}, ${sparkyHash(BOB.password)}),
    ('carol-sub', 'oidc', ${CAROL.id}, null)`;
  await sql`insert into public.profiles (id, date_of_birth, gender) values (${ALICE.id}, '1990-04-02', 'female')`;
  await sql`insert into public.user_preferences (user_id, date_format, default_weight_unit,
              default_measurement_unit, timezone, default_distance_unit, energy_unit)
            values (${ALICE.id}, 'dd/MM/yyyy', 'lbs', 'cm', 'Europe/Berlin', 'miles', 'kcal')`;
  // better-auth keeps the SHA-256 of a key in base64url; an id need not be a uuid there.
  const hashed = createHash("sha256").update(ALICE_API_KEY).digest("base64url");
  await sql`insert into public.api_key (id, name, key, reference_id, start, enabled)
            values ('k1', 'phone', ${hashed}, ${ALICE.id}, ${ALICE_API_KEY.slice(0, 6)}, true),
                   ('k2', 'revoked', ${hashed.replace(/^./, "x")}, ${ALICE.id}, 'old', false)`;
  const key = sealLikeSparky(USDA_KEY);
  await sql`insert into public.external_data_providers (id, user_id, provider_name, provider_type,
              encrypted_app_key, app_key_iv, app_key_tag)
            values (${USDA_PROVIDER_ID}, ${ALICE.id}, 'My USDA', 'usda', ${key.text}, ${key.iv}, ${key.tag}),
                   (gen_random_uuid(), ${ALICE.id}, 'Garmin', 'garmin', null, null, null)`;
}

async function seedAliceData(sql: postgres.Sql) {
  const a = ALICE.id;
  await sql`insert into public.check_in_measurements (user_id, entry_date, weight, body_fat_percentage, waist)
            values (${a}, '2026-05-01', 64.2, 24.5, 71), (${a}, '2026-05-02', 64.0, null, null)`;
  await sql`insert into public.check_in_photos (user_id, entry_date, photo_type, file_path)
            values (${a}, '2026-05-01', 'front', ${PHOTO_PATH}),
                   (${a}, '2026-05-02', 'back', '/uploads/checkin/missing.jpg')`;
  const [hrv] =
    await sql`insert into public.custom_categories (user_id, name, measurement_type, frequency)
                          values (${a}, 'HRV', 'numeric', 'Daily') returning id`;
  await sql`insert into public.custom_measurements (user_id, category_id, value, entry_date, entry_hour, entry_timestamp)
            values (${a}, ${hrv!.id}, '45', '2026-05-01', 7, '2026-05-01T05:00:00Z'),
                   (${a}, ${hrv!.id}, 'n/a', '2026-05-02', null, '2026-05-02T05:00:00Z')`;
  await sql`insert into public.water_intake_entries (user_id, entry_date, water_ml, logged_at)
            values (${a}, '2026-05-01', 250, '2026-05-01T08:00:00Z'), (${a}, '2026-05-01', 500, '2026-05-01T12:00:00Z')`;
  const [night] = await sql`
    insert into public.sleep_entries (user_id, entry_date, bedtime, wake_time, duration_in_seconds, record_timezone)
    values (${a}, '2026-05-02', '2026-05-01T21:00:00Z', '2026-05-02T05:00:00Z', 28800, 'Europe/Berlin') returning id`;
  await sql`insert into public.sleep_entry_stages (entry_id, user_id, stage_type, start_time, end_time, duration_in_seconds)
            values (${night!.id}, ${a}, 'deep', '2026-05-01T21:00:00Z', '2026-05-01T23:00:00Z', 7200),
                   (${night!.id}, ${a}, 'rem', '2026-05-01T23:00:00Z', '2026-05-02T05:00:00Z', 21600)`;
  await sql`insert into public.mood_entries (user_id, mood_value, notes, entry_date, mood_tags)
            values (${a}, 7, 'good run', '2026-05-03', '{energetic,calm}')`;
  await sql`insert into public.fasting_logs (user_id, start_time, end_time, duration_minutes, fasting_type, status)
            values (${a}, '2026-05-01T18:00:00Z', '2026-05-02T10:00:00Z', 960, '16:8', 'COMPLETED')`;
  await seedWorkouts(sql);
  await seedDiary(sql);
  await seedHealth(sql);
}

const foodId = crypto.randomUUID();
export const FOOD = { id: foodId, image: `/uploads/foods/${foodId}/oats.jpg` };

async function seedDiary(sql: postgres.Sql) {
  const a = ALICE.id;
  const [breakfast] =
    await sql`insert into public.meal_types (name, sort_order) values ('Breakfast', 1) returning id`;
  const [brunch] =
    await sql`insert into public.meal_types (name, user_id, sort_order) values ('Brunch', ${a}, 5) returning id`;
  await sql`insert into public.user_custom_nutrients (user_id, name, unit) values (${a}, 'Caffeine', 'mg')`;
  await sql`insert into public.foods (id, user_id, name, brand, barcode, is_custom, images)
            values (${FOOD.id}, ${a}, 'Rolled oats', 'Oaty', '4006381333931', true,
                    ${sql.json([FOOD.image])})`;
  const [variant] = await sql`
    insert into public.food_variants (food_id, serving_size, serving_unit, calories, protein, carbs, fat, dietary_fiber, is_default)
    values (${FOOD.id}, 40, 'g', 150, 5.2, 24.1, 2.8, 4, true) returning id`;
  const [meal] =
    await sql`insert into public.meals (user_id, name) values (${a}, 'Porridge bowl') returning id`;
  await sql`insert into public.meal_foods (meal_id, food_id, variant_id, quantity, unit)
            values (${meal!.id}, ${FOOD.id}, ${variant!.id}, 2, 'serving')`;
  await sql`insert into public.food_entries (user_id, food_id, variant_id, meal_type_id, entry_date, quantity, unit,
              food_name, brand_name, serving_size, serving_unit, calories, protein, carbs, fat)
            values (${a}, ${FOOD.id}, ${variant!.id}, ${breakfast!.id}, '2026-05-01', 1.5, 'serving',
                    'Rolled oats', 'Oaty', 40, 'g', 150, 5.2, 24.1, 2.8),
                   (${a}, null, null, ${brunch!.id}, '2026-05-01', 1, 'piece', 'Croissant', null, 1, 'piece', 230, 4, 26, 12)`;
  await sql`insert into public.food_favorites (user_id, food_id) values (${a}, ${FOOD.id})`;
  await sql`insert into public.user_goals (user_id, goal_date, calories, protein, carbs, fat, water_goal_ml)
            values (${a}, '2026-04-01', 2100, 120, 230, 70, 2500)`;
}

async function seedHealth(sql: postgres.Sql) {
  const a = ALICE.id;
  const [med] =
    await sql`insert into public.medications (user_id, name, type_id, strength_value, strength_unit)
                          values (${a}, 'Vitamin D', 'capsule', 1000, 'IU') returning id`;
  await sql`insert into public.medication_entries (medication_id, user_id, status, taken_at, entry_date, med_name_snapshot)
            values (${med!.id}, ${a}, 'taken', '2026-05-01T07:30:00Z', '2026-05-01', 'Vitamin D')`;
  await sql`insert into public.cycles (user_id, start_date, end_date, period_length)
            values (${a}, '2026-04-20', '2026-05-17', 5)`;
  await sql`insert into public.cycle_daily_entries (user_id, entry_date, flow_level, notes)
            values (${a}, '2026-04-21', 'medium', 'cramps'), (${a}, '2026-04-22', 'torrential', null)`;
  await seedMedicationPlans(sql, med!.id);
  await seedVitalsAndMetrics(sql);
  await seedPregnancy(sql);
}

export const SEMAGLUTIDE = { id: crypto.randomUUID(), penId: crypto.randomUUID() };

async function seedMedicationPlans(sql: postgres.Sql, vitaminD: string) {
  const a = ALICE.id;
  await sql`insert into public.medication_schedules (medication_id, user_id, schedule_type_id, time_of_day, dose_amount, days_of_week, start_date)
            values (${vitaminD}, ${a}, 'weekly', '08:00', 1, '{1,4}', '2026-04-01')`;
  // That server's API stores any whole number as the rating; its web client rates 1 to 5.
  await sql`insert into public.medications (id, user_id, name, type_id, is_glp1, dose_amount, dose_unit, effectiveness_rating)
            values (${SEMAGLUTIDE.id}, ${a}, 'Semaglutide', 'injection', true, 0.25, 'mg', 9)`;
  await sql`insert into public.medication_pens (id, medication_id, user_id, kind, label, doses_total, doses_used, status, opened_at, bud_date)
            values (${SEMAGLUTIDE.penId}, ${SEMAGLUTIDE.id}, ${a}, 'pen', 'Pen 1', 4, 1, 'active', '2026-04-28', '2026-05-26')`;
  await sql`insert into public.injection_entries (medication_id, user_id, pen_id, injected_at, entry_date, site, dose_mg, notes)
            values (${SEMAGLUTIDE.id}, ${a}, ${SEMAGLUTIDE.penId}, '2026-04-28T19:00:00Z', '2026-04-28', 'abdomen_left', 0.25, 'first dose')`;
  await sql`insert into public.medication_titration_steps (medication_id, user_id, dose_mg, start_date, planned_weeks, step_order)
            values (${SEMAGLUTIDE.id}, ${a}, 0.25, '2026-04-28', 4, 0), (${SEMAGLUTIDE.id}, ${a}, 0.5, null, 4, 1)`;
  const [nausea] =
    await sql`insert into public.user_custom_symptoms (user_id, name, display_name, is_glp1_flagged)
                              values (${a}, 'nausea', 'Nausea', true) returning id`;
  await sql`insert into public.user_custom_symptom_locations (user_id, name) values (${a}, 'Stomach')`;
  await sql`insert into public.symptom_entries (user_id, medication_id, symptom_id, symptom_name_snapshot, severity, logged_at, entry_date, body_location, context_text)
            values (${a}, ${SEMAGLUTIDE.id}, ${nausea!.id}, 'Nausea', 4, '2026-04-29T09:00:00Z', '2026-04-29', 'Stomach', 'after breakfast')`;
}

async function seedVitalsAndMetrics(sql: postgres.Sql) {
  const a = ALICE.id;
  await sql`insert into public.vitals_entries (user_id, entry_date, timestamp, systolic_mmhg, diastolic_mmhg, blood_glucose_mgdl, meal_context, source_provider)
            values (${a}, '2026-05-02', '2026-05-02T06:30:00Z', 118, 76, 92.5, 'fasting', 'manual')`;
  // Two providers for one day: the higher step count wins.
  await sql`insert into public.daily_health_metrics (user_id, entry_date, source_provider, total_steps, active_calories, resting_heart_rate)
            values (${a}, '2026-05-02', 'garmin', 11234, 512.5, 54), (${a}, '2026-05-02', 'apple_health', 9800, 480, null),
                   (${a}, '2026-05-03', 'garmin', 8021, null, 55)`;
  const samples = [0, 1, 2, 3].map((i) => ({
    timestamp: new Date(Date.parse("2026-05-02T06:00:00Z") + i * 60_000).toISOString(),
    value: 60 + i,
  }));
  await sql`insert into public.health_metric_samples (user_id, metric, entry_date, source_provider, samples)
            values (${a}, 'heart_rate', '2026-05-02', 'garmin', ${sql.json(samples)})`;
}

export const PREGNANCY = {
  id: crypto.randomUUID(),
  photoPath: `/uploads/pregnancy/${ALICE.id}/week-20.jpg`,
};

async function seedPregnancy(sql: postgres.Sql) {
  const a = ALICE.id;
  const p = PREGNANCY.id;
  await sql`insert into public.pregnancies (id, user_id, due_date, due_date_basis, lmp_date, notes)
            values (${p}, ${a}, '2026-09-15', 'lmp', '2025-12-09', 'second pregnancy')`;
  await sql`insert into public.pregnancy_kick_sessions (user_id, pregnancy_id, started_at, ended_at, kick_count, kick_times)
            values (${a}, ${p}, '2026-05-02T18:00:00Z', '2026-05-02T18:20:00Z', 2,
                    '{2026-05-02T18:05:00Z,2026-05-02T18:12:00Z}')`;
  await sql`insert into public.pregnancy_contractions (user_id, pregnancy_id, started_at, ended_at, intensity)
            values (${a}, ${p}, '2026-05-02T20:00:00Z', '2026-05-02T20:01:00Z', 3)`;
  await sql`insert into public.pregnancy_checklist_state (user_id, pregnancy_id, custom_title, week, completed_at)
            values (${a}, ${p}, 'Book the anatomy scan', 18, '2026-04-20T10:00:00Z')`;
  await sql`insert into public.health_appointments (user_id, pregnancy_id, scheduled_at, appointment_type, title, location)
            values (${a}, ${p}, '2026-05-10T08:30:00Z', 'ultrasound', 'Anatomy scan', 'City clinic')`;
  await sql`insert into public.pregnancy_photos (user_id, pregnancy_id, week, entry_date, file_path, notes)
            values (${a}, ${p}, 20, '2026-04-28', ${PREGNANCY.photoPath}, 'week 20')`;
}

async function seedWorkouts(sql: postgres.Sql) {
  const a = ALICE.id;
  const [run] =
    await sql`insert into public.exercises (name, category, modality) values ('Running', 'cardio', 'distance') returning id`;
  const [bench] =
    await sql`insert into public.exercises (name, category, modality) values ('Bench Press', 'strength', 'strength') returning id`;
  const [entry] = await sql`
    insert into public.exercise_entries (user_id, exercise_id, duration_minutes, calories_burned, entry_date,
      entry_time, source, source_id, distance, avg_heart_rate)
    values (${a}, ${run!.id}, 10, 120, '2026-05-03', '09:00', 'garmin', 'act-1', 1.2, 150) returning id`;
  const start = Date.parse(RUN_START);
  const points = Array.from({ length: 60 }, (_, i) => ({
    time: new Date(start + i * 10_000).toISOString(),
    lat: 52.5 + i * 0.0002,
    lng: 13.4,
    elevation: 34 + (i % 5),
    heart_rate: 140 + (i % 20),
  }));
  await sql`insert into public.exercise_entry_gps_points (user_id, exercise_entry_id, entry_date, points)
            values (${a}, ${entry!.id}, '2026-05-03', ${sql.json(points)})`;
  await sql`insert into public.exercise_entry_laps (user_id, exercise_entry_id, entry_date, lap_index, start_time, end_time, duration_seconds)
            values (${a}, ${entry!.id}, '2026-05-03', 0, ${RUN_START}, '2026-05-03T07:05:00Z', 300),
                   (${a}, ${entry!.id}, '2026-05-03', 1, '2026-05-03T07:05:00Z', '2026-05-03T07:09:50Z', 290)`;
  const [lift] = await sql`
    insert into public.exercise_entries (user_id, exercise_id, duration_minutes, calories_burned, entry_date, entry_time)
    values (${a}, ${bench!.id}, 30, 90, '2026-05-04', '18:30') returning id`;
  const [preset] =
    await sql`insert into public.workout_presets (user_id, name) values (${a}, 'Push day') returning id`;
  const [item] =
    await sql`insert into public.workout_preset_exercises (workout_preset_id, exercise_id, sort_order)
                           values (${preset!.id}, ${bench!.id}, 0) returning id`;
  await sql`insert into public.workout_preset_exercise_sets (workout_preset_exercise_id, set_number, reps, weight)
            values (${item!.id}, 1, 8, 60), (${item!.id}, 2, 8, 60)`;
  const [plan] =
    await sql`insert into public.workout_plan_templates (user_id, plan_name, start_date)
                           values (${a}, 'Spring block', '2026-04-01') returning id`;
  await sql`insert into public.workout_plan_template_assignments (template_id, day_of_week, workout_preset_id)
            values (${plan!.id}, 1, ${preset!.id}), (${plan!.id}, 4, ${preset!.id})`;
  await sql`insert into public.exercise_entry_sets (exercise_entry_id, set_number, set_type, reps, weight)
            values (${lift!.id}, 1, 'warmup', 10, 40), (${lift!.id}, 2, 'normal', 8, 60), (${lift!.id}, 3, 'normal', 6, 65)`;
}
