import { copyTable } from "./copy-rows.ts";
import { NUTRIENT_NAMES } from "./foods.ts";
import type { SourceRow } from "./context.ts";

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
export const medications = copyTable(
  "medications",
  "medications",
  MEDICATION,
  (u) =>
    u.src<
      SourceRow[]
    >`select id, ${u.src(MEDICATION)} from public.medications where user_id = ${u.userId}`,
);

const DOSE = [
  "medication_id",
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
export const medicationEntries = copyTable(
  "medication_entries",
  "medication_entries",
  DOSE,
  (u) =>
    u.src<
      SourceRow[]
    >`select id, ${u.src(DOSE)} from public.medication_entries where user_id = ${u.userId}`,
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
