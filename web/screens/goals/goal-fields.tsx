import { MICRONUTRIENTS } from "../../api/food-types.ts";
import { nutrientKey } from "../../api/micronutrients.ts";
import { Field } from "../../components/ui.tsx";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { preferences } from "../../lib/session.ts";
import { formatWater, number, waterFromMl, waterLabel, waterToMl } from "../../lib/units.ts";

export type Goals = Partial<Record<GoalKey, number | null>>;

const MAIN_GOALS = [
  ["calories", "nutrient.calories", "kcal"],
  ["protein", "nutrient.protein", "g"],
  ["carbs", "nutrient.carbs", "g"],
  ["fat", "nutrient.fat", "g"],
  ["dietary_fiber", "nutrient.dietary_fiber", "g"],
  ["water_goal_ml", "today.water", "ml"],
  ["steps", "today.steps", ""],
  ["target_exercise_duration_minutes", "goals.exercise", "min"],
] as const;
/** Targets for the micronutrients the diary tracks (fibre is among the main ones). */
const MICRO_GOALS = MICRONUTRIENTS.filter(([key]) => key !== "dietary_fiber");
const GOAL_FIELDS = [...MAIN_GOALS, ...MICRO_GOALS];
type GoalKey = (typeof GOAL_FIELDS)[number][0];

const WATER = "water_goal_ml";
/** A goal's name in the user's language: the main ones by their key, a micronutrient by its own. */
const label = (key: GoalKey, name: string) =>
  t(MAIN_GOALS.some(([main]) => main === key) ? (name as MessageKey) : nutrientKey(key));
/** kcal and minutes are said in the user's language; g, mg and µg are symbols everywhere. */
const unitText = (unit: string) =>
  unit === "kcal" ? t("foods.kcal") : unit === "min" ? t("goals.minUnit") : unit;
/** Water goals are stored in ml and shown in the user's water unit (fl oz for US users). */
const waterUnit = () => preferences.value.water_display_unit;

/** The goal inputs shared by the timeline, presets and onboarding; empty leaves a goal unset. */
export function GoalFields({ values }: { values?: Goals }) {
  const shown = (key: GoalKey): string => {
    const value = values?.[key];
    if (value == null) return "";
    return key === WATER ? String(Math.round(waterFromMl(value, waterUnit()))) : String(value);
  };
  const field = ([key, name, stored]: (typeof GOAL_FIELDS)[number]) => {
    const unit = key === WATER ? waterLabel(waterUnit()) : unitText(stored);
    return (
      <Field
        label={unit ? `${label(key, name)} (${unit})` : label(key, name)}
        name={key}
        type="number"
        min="0"
        step="any"
        defaultValue={shown(key)}
      />
    );
  };
  return (
    <>
      <div class="grid fields">{MAIN_GOALS.map(field)}</div>
      <details open={MICRO_GOALS.some(([key]) => values?.[key] != null)}>
        <summary>{t("goals.microTargets")}</summary>
        <div class="grid fields">{MICRO_GOALS.map(field)}</div>
      </details>
    </>
  );
}

/** The goal values of a form holding GoalFields; empty fields are left out. */
export function readGoals(form: FormData): Goals {
  const goals: Goals = {};
  for (const [key] of GOAL_FIELDS) {
    const value = form.get(key);
    if (value === null || value === "") continue;
    goals[key] = key === WATER ? Math.round(waterToMl(Number(value), waterUnit())) : Number(value);
  }
  return goals;
}

/** "Calories 2,000 kcal", "Protein 150 g" …, in the user's language, for the goals that are set. */
export function describeGoals(goals: Goals): string[] {
  return GOAL_FIELDS.filter(([key]) => goals[key] != null).map(([key, name, unit]) =>
    t("goals.goal", {
      goal: label(key, name),
      value:
        key === WATER
          ? formatWater(goals[key]!, waterUnit())
          : `${number(goals[key]!, 0)}${unit ? ` ${unitText(unit)}` : ""}`,
    }),
  );
}
