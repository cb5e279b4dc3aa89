import { z } from "@hono/zod-openapi";
import { NUTRIENTS } from "../summary/nutrients.ts";

/** The targets a goal (a timeline entry or a preset) can set, and how a day's goals resolve. */

const NUMERIC_GOALS = [
  ...NUTRIENTS,
  "water_goal_ml",
  "steps",
  "target_weight",
  "target_exercise_calories_burned",
  "target_exercise_duration_minutes",
  "protein_percentage",
  "carbs_percentage",
  "fat_percentage",
  "breakfast_percentage",
  "lunch_percentage",
  "dinner_percentage",
  "snacks_percentage",
] as const;
type NumericGoal = (typeof NUMERIC_GOALS)[number];

/** Every goal column, in the order of the SQL column lists. */
export const GOAL_COLUMNS = [
  ...NUMERIC_GOALS,
  "custom_nutrients",
  "custom_meal_percentages",
] as const;

const target = z.number().min(0).max(1_000_000).nullable().optional();
const percentage = z.number().min(0).max(100).nullable().optional();
const numericShape = Object.fromEntries(
  NUMERIC_GOALS.map((k) => [k, k.endsWith("_percentage") ? percentage : target]),
) as Record<NumericGoal, typeof target>;

/** What a client may set; null clears a target (the default applies again). */
export const goalValuesSchema = z.object({
  ...numericShape,
  custom_nutrients: z.record(z.string(), z.number().min(0)).nullable().optional(),
  custom_meal_percentages: z.record(z.string(), z.number().min(0).max(100)).nullable().optional(),
});
export type GoalValues = z.infer<typeof goalValuesSchema>;

/** The targets that hold when a person has set none (the usual 2,000 kcal day). */
const DEFAULT_GOALS = {
  calories: 2000,
  protein: 150,
  carbs: 250,
  fat: 67,
  dietary_fiber: 25,
  water_goal_ml: 1920,
  steps: 10_000,
  target_exercise_calories_burned: 0,
  target_exercise_duration_minutes: 0,
  breakfast_percentage: 25,
  lunch_percentage: 25,
  dinner_percentage: 25,
  snacks_percentage: 25,
} satisfies Partial<Record<NumericGoal, number>>;

const KCAL_PER_GRAM = { protein: 4, carbs: 4, fat: 9 } as const;

export type GoalSource = "default" | "timeline" | "weekly_plan";
type MacroPercentage = "protein_percentage" | "carbs_percentage" | "fat_percentage";
type MealPercentage =
  "breakfast_percentage" | "lunch_percentage" | "dinner_percentage" | "snacks_percentage";
const MEAL_PERCENTAGES: MealPercentage[] = [
  "breakfast_percentage",
  "lunch_percentage",
  "dinner_percentage",
  "snacks_percentage",
];
export type DailyGoals = Partial<
  Record<Exclude<NumericGoal, MacroPercentage | MealPercentage>, number>
> &
  Partial<Record<MealPercentage, number>> & {
    calories: number;
    protein: number;
    carbs: number;
    fat: number;
    dietary_fiber: number;
    custom_nutrients: Record<string, number>;
    custom_meal_percentages: Record<string, number>;
    /** Null when the macros are set in grams (as that kind of server answers). */
    protein_percentage: number | null;
    carbs_percentage: number | null;
    fat_percentage: number | null;
    /** The weekly plan's preset in force, null otherwise. */
    preset_name: string | null;
    /** The water goal in ml under the preset's own name, as that kind of server answers it. */
    water_goal: number;
    source: GoalSource;
    /** The day the goal in force was set for (timeline), or the plan's start. */
    since: string | null;
  };

/**
 * The day's goals: the stored values over the defaults, and grams worked out from
 * calories less fibre's where a macro is given in percent.
 */
export function resolveGoals(
  stored: (GoalValues & { preset_name?: string }) | null,
  source: GoalSource,
  since: string | null,
): DailyGoals {
  const goals: DailyGoals = {
    ...DEFAULT_GOALS,
    custom_nutrients: {},
    custom_meal_percentages: {},
    protein_percentage: null,
    carbs_percentage: null,
    fat_percentage: null,
    preset_name: source === "weekly_plan" ? (stored?.preset_name ?? null) : null,
    water_goal: DEFAULT_GOALS.water_goal_ml,
    source,
    since,
  };
  for (const key of NUMERIC_GOALS) {
    const value = stored?.[key];
    if (typeof value === "number") goals[key] = value;
  }
  // A weekly plan's day shows its preset's meal shares, none when it has none (as there;
  // left out rather than null, as the phone app's types have them).
  if (source === "weekly_plan")
    for (const key of MEAL_PERCENTAGES) {
      const share = stored?.[key];
      if (typeof share === "number") goals[key] = share;
      else delete goals[key];
    }
  goals.water_goal = goals.water_goal_ml ?? DEFAULT_GOALS.water_goal_ml;
  goals.custom_nutrients = stored?.custom_nutrients ?? {};
  goals.custom_meal_percentages = stored?.custom_meal_percentages ?? {};
  // As that kind of server works it out: the goal's own fibre's calories (2 kcal a gram)
  // come off first, and the grams are not rounded.
  const fibre = typeof stored?.dietary_fiber === "number" ? stored.dietary_fiber : 0;
  const macroCalories = Math.max(0, goals.calories - fibre * 2);
  for (const macro of ["protein", "carbs", "fat"] as const) {
    const percent = stored?.[`${macro}_percentage`];
    if (typeof percent === "number") {
      goals[macro] = (macroCalories * percent) / 100 / KCAL_PER_GRAM[macro];
    }
  }
  return goals;
}
