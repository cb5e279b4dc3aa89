import { copyTable } from "../run/copy-rows.ts";
import type { SourceRow } from "../run/context.ts";
import { hasTable } from "../source/source.ts";
import { NUTRIENT_NAMES } from "./foods.ts";

// Goals and goal presets, with the same columns as there.
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

/**
 * Dated goals. The target weight given at onboarding there (its only target weight) is
 * each goal's target weight here, where goals hold one.
 */
export const userGoals = copyTable(
  "user_goals",
  "user_goals",
  ["goal_date", "water_goal_ml", "target_weight", ...GOALS],
  async (u) => {
    const onboarding = (await hasTable(u.src, "public.onboarding_data"))
      ? u.src`(select o.target_weight::float8 from public.onboarding_data o
                where o.user_id = ${u.userId} order by o.created_at desc nulls last limit 1)`
      : u.src`null::float8`;
    return u.src<SourceRow[]>`
      select id, ${u.src(GOALS)}, coalesce(goal_date, '2000-01-01') as goal_date, water_goal_ml,
             ${onboarding} as target_weight
        from public.user_goals where user_id = ${u.userId}`;
  },
);

export const goalPresets = copyTable(
  "goal_presets",
  "goal_presets",
  ["preset_name", "water_goal_ml", ...GOALS],
  (u) => u.src<SourceRow[]>`
    select id, ${u.src(GOALS)}, preset_name, water_goal as water_goal_ml
      from public.goal_presets where user_id = ${u.userId}`,
);
