import { Field } from "../../components/ui.tsx";
import { number } from "../../lib/units.ts";

export type Goals = Partial<Record<GoalKey, number | null>>;

export const GOAL_FIELDS = [
  ["calories", "Calories", "kcal"],
  ["protein", "Protein", "g"],
  ["carbs", "Carbs", "g"],
  ["fat", "Fat", "g"],
  ["dietary_fiber", "Fibre", "g"],
  ["water_goal_ml", "Water", "ml"],
  ["steps", "Steps", ""],
  ["target_exercise_duration_minutes", "Exercise", "min"],
] as const;
type GoalKey = (typeof GOAL_FIELDS)[number][0];

/** The goal inputs shared by the timeline, presets and onboarding; empty leaves a goal unset. */
export function GoalFields({ values }: { values?: Goals }) {
  return (
    <div class="grid fields">
      {GOAL_FIELDS.map(([key, label, unit]) => (
        <Field
          label={unit ? `${label} (${unit})` : label}
          name={key}
          type="number"
          min="0"
          step="any"
          defaultValue={values?.[key] == null ? "" : String(values[key])}
        />
      ))}
    </div>
  );
}

/** The goal values of a form holding GoalFields; empty fields are left out. */
export function readGoals(form: FormData): Goals {
  const goals: Goals = {};
  for (const [key] of GOAL_FIELDS) {
    const value = form.get(key);
    if (value !== null && value !== "") goals[key] = Number(value);
  }
  return goals;
}

/** "2,000 kcal · 150 g protein …" for the goals that are set. */
export function describeGoals(goals: Goals): string {
  return GOAL_FIELDS.filter(([key]) => goals[key] != null)
    .map(([key, label, unit]) => `${label} ${number(goals[key]!, 0)}${unit ? ` ${unit}` : ""}`)
    .join(" · ");
}
