import { MICRONUTRIENTS } from "../../api/food-types.ts";
import { Field } from "../../components/ui.tsx";
import { preferences } from "../../lib/session.ts";
import { formatWater, number, waterFromMl, waterLabel, waterToMl } from "../../lib/units.ts";

export type Goals = Partial<Record<GoalKey, number | null>>;

const MAIN_GOALS = [
  ["calories", "Calories", "kcal"],
  ["protein", "Protein", "g"],
  ["carbs", "Carbs", "g"],
  ["fat", "Fat", "g"],
  ["dietary_fiber", "Fibre", "g"],
  ["water_goal_ml", "Water", "ml"],
  ["steps", "Steps", ""],
  ["target_exercise_duration_minutes", "Exercise", "min"],
] as const;
/** Targets for the micronutrients the diary tracks (fibre is among the main ones). */
const MICRO_GOALS = MICRONUTRIENTS.filter(([key]) => key !== "dietary_fiber");
const GOAL_FIELDS = [...MAIN_GOALS, ...MICRO_GOALS];
type GoalKey = (typeof GOAL_FIELDS)[number][0];

const WATER = "water_goal_ml";
/** Water goals are stored in ml and shown in the user's water unit (fl oz for US users). */
const waterUnit = () => preferences.value.water_display_unit;

/** The goal inputs shared by the timeline, presets and onboarding; empty leaves a goal unset. */
export function GoalFields({ values }: { values?: Goals }) {
  const shown = (key: GoalKey): string => {
    const value = values?.[key];
    if (value == null) return "";
    return key === WATER ? String(Math.round(waterFromMl(value, waterUnit()))) : String(value);
  };
  const field = ([key, label, stored]: (typeof GOAL_FIELDS)[number]) => {
    const unit = key === WATER ? waterLabel(waterUnit()) : stored;
    return (
      <Field
        label={unit ? `${label} (${unit})` : label}
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
        <summary>Micronutrient targets (sodium, sugars, fats, vitamins, minerals)</summary>
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

/** "2,000 kcal · 150 g protein …" for the goals that are set. */
export function describeGoals(goals: Goals): string {
  return GOAL_FIELDS.filter(([key]) => goals[key] != null)
    .map(([key, label, unit]) =>
      key === WATER
        ? `${label} ${formatWater(goals[key]!, waterUnit())}`
        : `${label} ${number(goals[key]!, 0)}${unit ? ` ${unit}` : ""}`,
    )
    .join(" · ");
}
