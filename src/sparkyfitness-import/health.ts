import { copyTable } from "./copy-rows.ts";
import { NUTRIENT_NAMES } from "./foods.ts";
import type { SourceRow } from "./context.ts";
import { medicationTypeHere } from "./vocabulary.ts";
import { TEST_RESULTS } from "../cycle/schemas.ts";

// Goals, medications and their log, cycle data (owner-only here too), custom moods.

const GOALS = [
  ...NUTRIENT_NAMES,
  "target_exercise_calories_burned",
  "target_exercise_duration_minutes",
  "protein_percentage",
  "carbs_percentage",
  "fat_percentage",
  "breakfast_percentage",
  "lunch_percentage",
  "dinner_percentage",
  "snacks_percentage",
  "custom_nutrients",
  "custom_meal_percentages",
];

export const userGoals = copyTable(
  "user_goals",
  "user_goals",
  ["goal_date", "water_goal_ml", ...GOALS],
  (u) => u.src<SourceRow[]>`
    select id, ${u.src(GOALS)}, coalesce(goal_date, '2000-01-01') as goal_date, water_goal_ml
      from public.user_goals where user_id = ${u.userId}`,
);

export const goalPresets = copyTable(
  "goal_presets",
  "goal_presets",
  ["preset_name", "water_goal_ml", ...GOALS],
  (u) => u.src<SourceRow[]>`
    select id, ${u.src(GOALS)}, preset_name, water_goal as water_goal_ml
      from public.goal_presets where user_id = ${u.userId}`,
);

const MEDICATION = [
  "name",
  "display_name",
  "type_id",
  "route_id",
  "strength_value",
  "strength_unit",
  "dose_amount",
  "dose_unit",
  "reason_text",
  "prescriber",
  "pharmacy",
  "rx_number",
  "ndc",
  "rxnorm_rxcui",
  "effectiveness_rating",
  "color",
  "icon",
  "is_active",
  "is_quick",
  "is_glp1",
  "is_supplement",
  "nutrients",
  "notes",
  "source",
  "custom_fields",
];
/**
 * Every form that server's lookup table lists has one here (vocabulary.ts). Its web client
 * rates 1 to 5 stars; a rating outside that (only its API could store one) is left out.
 */
export const medications = copyTable("medications", "medications", MEDICATION, async (u) => {
  const rows = await u.src<SourceRow[]>`
    select m.id, ${u.src(MEDICATION.map((c) => `m.${c}`))},
           coalesce(t.is_injectable, false) as injectable
      from public.medications m left join public.medication_types t on t.id = m.type_id
     where m.user_id = ${u.userId}`;
  return rows.map((r) => {
    const rated =
      r.effectiveness_rating === null ||
      (r.effectiveness_rating >= 1 && r.effectiveness_rating <= 5);
    if (!rated) u.summary.skip("an effectiveness rating outside 1 to 5");
    return {
      ...r,
      type_id: medicationTypeHere(r.type_id, r.injectable),
      effectiveness_rating: rated ? r.effectiveness_rating : null,
    };
  });
});

const DOSE = [
  "medication_id",
  "schedule_id",
  "status",
  "taken_at",
  "scheduled_for",
  "entry_date",
  "med_name_snapshot",
  "dose_amount_snapshot",
  "dose_unit_snapshot",
  "nutrients_snapshot",
  "notes",
  "source",
  "custom_fields",
];
/**
 * Doses keep their schedule (imported first, with the same ids); a dose whose schedule did
 * not come over keeps its history without the link rather than being refused.
 */
export const medicationEntries = copyTable(
  "medication_entries",
  "medication_entries",
  DOSE,
  async (u) => {
    const rows = await u.src<SourceRow[]>`
      select id, ${u.src(DOSE)} from public.medication_entries where user_id = ${u.userId}`;
    const schedules = await u.tx<{ id: string }[]>`
      select id::text from medication_schedules where user_id = ${u.userId}`;
    const here = new Set(schedules.map((s) => s.id));
    return rows.map((r) => ({ ...r, schedule_id: here.has(r.schedule_id) ? r.schedule_id : null }));
  },
);

const CYCLE = [
  "start_date",
  "end_date",
  "period_length",
  "is_excluded",
  "source",
  "birth_control_method",
];
export const cycles = copyTable(
  "cycles",
  "cycles",
  CYCLE,
  (u) =>
    u.src<SourceRow[]>`select id, ${u.src(CYCLE)} from public.cycles where user_id = ${u.userId}`,
);

const CYCLE_DAY = [
  "entry_date",
  "flow_level",
  "product_usage",
  "cervical_mucus",
  "unusual_discharge",
  "energy",
  "libido",
  "notes",
  "custom_fields",
  "intercourse",
  "intercourse_protected",
  "cervical_position",
];
export const cycleDays = copyTable(
  "cycle_daily_entries",
  "cycle_daily_entries",
  CYCLE_DAY,
  (u) =>
    u.src<
      SourceRow[]
    >`select id, ${u.src(CYCLE_DAY)} from public.cycle_daily_entries where user_id = ${u.userId}`,
);

export const customMoods = copyTable(
  "user_custom_moods",
  "custom_moods",
  ["name", "display_name", "icon", "color"],
  (u) => u.src<SourceRow[]>`
    select id, name, display_name, icon, color from public.user_custom_moods
     where user_id = ${u.userId}`,
);

const CYCLE_SETTINGS = [
  "enabled",
  "mode",
  "avg_cycle_length_override",
  "avg_period_length_override",
  "luteal_phase_length",
  "birth_control_method",
  "conditions",
  "show_fertile_window",
  "preferred_products",
  "dismissed_prompts",
  "terminology",
  "discreet_mode",
  "onboarded_at",
];
/** One row per person: settings made here already are kept. */
export const cycleSettings = copyTable(
  "cycle_settings",
  "cycle_settings",
  CYCLE_SETTINGS,
  (u) => u.src<SourceRow[]>`
    select id, ${u.src(CYCLE_SETTINGS)} from public.cycle_settings where user_id = ${u.userId}`,
);

const RESULTS = new Set<string>(TEST_RESULTS);

/**
 * Ovulation (and pregnancy) tests, keyed by the other server's id. That server takes any
 * result text: one this server does not list is indeterminate, the words kept in the notes.
 */
export const cycleTests = copyTable(
  "cycle_test_entries",
  "cycle_test_entries",
  ["entry_date", "tested_at", "test_type", "result", "notes", "source", "source_key"],
  async (u) => {
    const rows = await u.src<SourceRow[]>`
      select id, entry_date, tested_at, lower(test_type) as test_type, lower(result) as result,
             notes, 'sparkyfitness' as source, id::text as source_key
        from public.cycle_test_entries where user_id = ${u.userId}`;
    return rows.map((r) =>
      RESULTS.has(r.result)
        ? r
        : {
            ...r,
            result: "indeterminate",
            notes: [`Result: ${r.result}`, r.notes].filter(Boolean).join("\n"),
          },
    );
  },
);
