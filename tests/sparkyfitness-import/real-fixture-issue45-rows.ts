import { createCipheriv, randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type postgres from "postgres";
import { JPEG, PNG } from "../helpers/image-fixtures.ts";
import { REAL_SECRETS } from "./real-fixture.ts";

// Rows in the shapes the real 1.6.2 server writes them, for what its fixture holds no case
// of (issue 45). Ids of the fixture's own rows are those of its dump.

export const ALICE_ID = "b528ae12-c97c-44e3-b69e-d765f4ed78dd";

/** A meal with a line that is alice's yogurt bowl (one bowl of its two), and a gone one. */
export const NESTED = {
  mealId: "9a1e0c4e-45a1-4c4e-9d41-000000000001",
  bowlId: "e7574117-dcf7-4f70-acbb-0996ef21ff64",
  yogurtId: "8039841e-9627-4830-8adc-c0b7e296987d",
  granolaId: "bfb358cf-1693-444a-af3e-a6b5c6619ef3",
  granolaVariant: "7d15abda-9b08-42b4-9612-1906b9e9367a",
};

/**
 * Files where that server keeps them (its upload routes): a logged meal's photo under
 * food_entry_meals/<id>/, an exercise entry's under exercise_entries/<yyyymmdd>/, a custom
 * exercise's under exercises/<its name>/ (the row names it relative to exercises/), an
 * avatar under avatars/.
 */
export const FILES = {
  loggedMealId: "46a12f76-0723-4b16-831d-df91108a6703",
  loggedMealPhoto: "/uploads/food_entry_meals/46a12f76-0723-4b16-831d-df91108a6703/1f0e-bowl.jpg",
  entryId: "2bc9ff9b-93ac-4f15-b485-61557441f460",
  entryPhoto: "/uploads/exercise_entries/20261120/5a1b2c3d_1795000000000_gym.jpg",
  exerciseId: "b54dff53-e7f9-4cb3-9df7-13fa8adaa254",
  exerciseImage: "Bench_Press/1795000000000-bench.png",
  avatar: `/uploads/avatars/${ALICE_ID}-1795000000000-123456789.png`,
};

/**
 * Alice's phone run (the fixture's, with its three stored laps) with what a watch reports
 * besides its series, in that server's columns; its second lap as the device measured it
 * (distance and calories).
 */
export const RUN = {
  id: "0b518280-a6b7-47e2-ae9c-477b98e54517",
  figures: {
    active_calories: 310.5,
    resting_calories: 42.25,
    aerobic_training_effect: 3.2,
    anaerobic_training_effect: 1.1,
    training_load: 87.5,
    vo2_max_estimate: 48.5,
    heart_rate_recovery_1min: 31,
    weather_temp_celsius: 12.5,
    weather_wind_speed_mps: 3.4,
    weather_humidity_percentage: 71,
  },
  words: { gear_name: "Pegasus 41", gear_external_id: "g-1234", weather_condition: "cloudy" },
  lapDistance: 1234.5,
  lapCalories: 88.25,
};

/**
 * Alice's settings of the shared Snacks type and of her own Pre-workout, as its meal-type
 * settings screen writes them; the brand name of her Semaglutide and a sealed vial with a
 * beyond-use date on its label; carol's prenatal vitamin named by her pregnancy.
 */
export const SETTINGS = {
  snacks: "05f04893-72a0-43b7-9f40-6756fd66df37",
  preWorkout: "68266d15-0e6c-470b-a842-01da5e42f4d5",

  brand: "Ozempic",
  budDate: "2027-01-31",
  carolId: "4b9c61d5-db51-4e50-bb10-212bb680d12b",
  pregnancyId: "954918c1-1b1e-4ce4-8129-8963647e4238",
  prenatalId: "3c1f5a9e-7b2d-4e8a-9f10-000000000045",
  appointmentId: "7a944965-9338-47fa-8834-0dafc87b6ced",
  outcome: { blood_pressure: "118/76", weight_kg: 71.2, notes: "All normal" },
};

/** Alice's three AI services there; the Claude one is the active one, its key sealed there. */
export const AI = {
  activeId: "5e0a7c3b-1d2f-4a6b-8c9d-000000000045",
  key: "sk-ant-alice-0123456789",
  model: "claude-haiku-4-5",
};

/** AES-256-GCM as that server seals a key: base64 text, IV and tag (its security/encryption.ts). */
function sealLikeSparky(plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv(
    "aes-256-gcm",
    Buffer.from(REAL_SECRETS.apiEncryptionKey, "hex"),
    iv,
  );
  const text = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("base64");
  return { text, iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64") };
}

async function addAiServices(sql: postgres.Sql) {
  const sealed = sealLikeSparky(AI.key);
  await sql`
    insert into public.ai_service_settings (id, user_id, service_type, service_name, custom_url,
      is_active, model_name, encrypted_api_key, api_key_iv, api_key_tag, is_public,
      chat_tool_profile, created_at, updated_at)
    values (${AI.activeId}, ${ALICE_ID}, 'anthropic', 'Claude', null, true, ${AI.model},
            ${sealed.text}, ${sealed.iv}, ${sealed.tag}, false, 'full', now(), now()),
           (gen_random_uuid(), ${ALICE_ID}, 'openai', 'OpenAI', null, false, 'gpt-4o-mini',
            null, null, null, false, 'full', now(), now()),
           (gen_random_uuid(), ${ALICE_ID}, 'ollama', 'Home Ollama', 'http://10.0.0.5:11434', false,
            'llama3.2', null, null, null, false, 'full', now(), now())`;
  await sql`update public.user_preferences set active_ai_service_id = ${AI.activeId}
             where user_id = ${ALICE_ID}`;
}

/**
 * Two earlier cycles of alice's as that server recorded them: one excluded (41 days), one of
 * 28 days that ended days before her next start.
 */
export const CYCLES = [
  { start_date: "2026-08-01", end_date: "2026-09-10", cycle_length: 41, is_excluded: true },
  { start_date: "2026-09-26", end_date: "2026-10-23", cycle_length: 28, is_excluded: false },
];

/** Alice's "Training day" preset (macros in percent) with fibre, as its goal form writes it. */
export const PRESET = { name: "Training day", fibre: 38 };

/**
 * A food of alice's whose protein, carbs and fat were left empty on its form, and a diary line
 * of it: that server stores null for an empty field (sanitizeNumeric) and copies the
 * variant's values into the line.
 */
export const EMPTY_NUTRIENTS = {
  foodId: "c0ffee00-45a1-4c4e-9d41-000000000045",
  variantId: "c0ffee00-45a1-4c4e-9d41-000000000046",
  entryId: "c0ffee00-45a1-4c4e-9d41-000000000047",
  date: "2026-11-21",
  breakfast: "098b833a-9ea7-4a1b-98eb-db20c403ae5e",
};

/** Carol's grant to alice that ended in January (its switch still on). */
export const EXPIRED_GRANT = { end: "2026-01-31T00:00:00Z" };

export async function addIssue45Rows(sql: postgres.Sql, uploads: string) {
  await sql`update public.goal_presets set dietary_fiber = ${PRESET.fibre}
             where user_id = ${ALICE_ID} and preset_name = ${PRESET.name}`;
  await sql`insert into public.family_access (owner_user_id, family_user_id, family_email,
              access_permissions, access_start_date, access_end_date, is_active, status)
            select ${SETTINGS.carolId}, id, email, ${sql.json({ can_manage_diary: true })},
                   '2025-12-01', ${EXPIRED_GRANT.end}, true, 'active'
              from public."user" where id = ${ALICE_ID}`;
  for (const c of CYCLES)
    await sql`insert into public.cycles (user_id, start_date, end_date, period_length,
                cycle_length, is_excluded, source)
              values (${ALICE_ID}, ${c.start_date}, ${c.end_date}, 5, ${c.cycle_length},
                      ${c.is_excluded}, 'manual')`;

  await addEmptyNutrients(sql);
  await addAiServices(sql);
  await addSettings(sql);
  await addNestedMeal(sql);
  await addFiles(sql, uploads);
  await sql`update public.exercise_entries set ${sql({ ...RUN.figures, ...RUN.words })}
             where id = ${RUN.id}`;
  await sql`update public.exercise_entry_laps
               set distance_meters = ${RUN.lapDistance}, calories = ${RUN.lapCalories}
             where exercise_entry_id = ${RUN.id} and lap_index = 1`;
}

async function addEmptyNutrients(sql: postgres.Sql) {
  const e = EMPTY_NUTRIENTS;
  await sql`insert into public.foods (id, user_id, name, brand, is_custom, created_at, updated_at,
              is_quick_food, provider_verified, images)
            values (${e.foodId}, ${ALICE_ID}, 'Black coffee (alice)', null, true, now(), now(),
                    false, false, '[]')`;
  await sql`insert into public.food_variants (id, food_id, serving_size, serving_unit, calories,
              protein, carbs, fat, is_default, custom_nutrients, source, created_at, updated_at)
            values (${e.variantId}, ${e.foodId}, 240, 'ml', 2, null, null, null, true, '{}',
                    'manual', now(), now())`;
  await sql`insert into public.food_entries (id, user_id, food_id, quantity, unit, entry_date,
              created_at, variant_id, created_by_user_id, food_name, serving_size, serving_unit,
              calories, protein, carbs, fat, custom_nutrients, meal_type_id, entry_time, images)
            values (${e.entryId}, ${ALICE_ID}, ${e.foodId}, 480, 'ml', ${e.date}, now(),
                    ${e.variantId}, ${ALICE_ID}, 'Black coffee (alice)', 240, 'ml', 2, null, null,
                    null, '{}', ${e.breakfast}, '07:40', '[]')`;
}

async function addFiles(sql: postgres.Sql, uploads: string) {
  const put = (path: string, bytes: Uint8Array) => {
    const file = join(uploads, path.replace(/^\/uploads\//, ""));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  };
  await sql`update public.food_entry_meals set images = ${sql.json([FILES.loggedMealPhoto])}
             where id = ${FILES.loggedMealId}`;
  put(FILES.loggedMealPhoto, JPEG);
  await sql`update public.exercise_entries set image_url = ${FILES.entryPhoto}
             where id = ${FILES.entryId}`;
  put(FILES.entryPhoto, JPEG);
  await sql`update public.exercises set images = ${JSON.stringify([FILES.exerciseImage])}
             where id = ${FILES.exerciseId}`;
  put(`exercises/${FILES.exerciseImage}`, PNG);
  await sql`update public.profiles set avatar_url = ${FILES.avatar} where id = ${ALICE_ID}`;
  put(FILES.avatar, PNG);
}

async function addNestedMeal(sql: postgres.Sql) {
  await sql`
    insert into public.meals (id, user_id, name, serving_size, serving_unit, total_servings, images)
    values (${NESTED.mealId}, ${ALICE_ID}, 'Brunch plate', 1, 'plate', 1, '[]')`;
  // As its meal service writes lines (buildMealFoodValues): a meal line has no food.
  await sql`
    insert into public.meal_foods (meal_id, food_id, variant_id, child_meal_id, item_type,
      quantity, unit, created_at, updated_at)
    values (${NESTED.mealId}, ${NESTED.granolaId}, ${NESTED.granolaVariant}, null, 'food', 30, 'g',
            '2026-11-25T08:00:00Z', now()),
           (${NESTED.mealId}, null, null, ${NESTED.bowlId}, 'meal', 1, 'serving',
            '2026-11-25T08:00:01Z', now()),
           (${NESTED.mealId}, null, null, null, 'meal', 1, 'serving', '2026-11-25T08:00:02Z', now())`;
}

async function addSettings(sql: postgres.Sql) {
  await sql`
    insert into public.user_meal_visibilities (user_id, meal_type_id, is_visible,
      show_in_quick_log, default_time)
    values (${ALICE_ID}, ${SETTINGS.snacks}, false, false, '16:30'),
           (${ALICE_ID}, ${SETTINGS.preWorkout}, true, false, '06:15')`;
  await sql`update public.medications set display_name = ${SETTINGS.brand}
             where user_id = ${ALICE_ID} and name = 'Semaglutide'`;
  await sql`
    insert into public.medication_pens (medication_id, user_id, kind, label, doses_total, status,
      bud_date, reorder_flag)
    select id, user_id, 'vial', 'Compounded vial', 4, 'sealed', ${SETTINGS.budDate}, false
      from public.medications where user_id = ${ALICE_ID} and name = 'Semaglutide'`;
  await sql`
    insert into public.medications (id, user_id, name, type_id, route_id, is_supplement)
    values (${SETTINGS.prenatalId}, ${SETTINGS.carolId}, 'Prenatal Multi', 'tablet', 'oral', true)`;
  await sql`update public.pregnancies set prenatal_medication_id = ${SETTINGS.prenatalId}
             where id = ${SETTINGS.pregnancyId}`;
  await sql`update public.health_appointments set outcome = ${sql.json(SETTINGS.outcome)}
             where id = ${SETTINGS.appointmentId}`;
}
