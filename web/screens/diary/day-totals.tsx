import { MICRONUTRIENTS, type DailySummary } from "../../api/food-types.ts";
import { Ring } from "../../components/ring.tsx";
import { number } from "../../lib/units.ts";

const RINGS = [
  ["calories", "Calories", "kcal", "#0d9488"],
  ["protein", "Protein", "g", "#7c3aed"],
  ["carbs", "Carbs", "g", "#b45309"],
  ["fat", "Fat", "g", "#e11d48"],
] as const;

/** The day's intake against its goals: rings for energy and macros, micronutrients on demand. */
export function DayTotals({ summary }: { summary: DailySummary }) {
  const totals = summary.nutrition.totals;
  return (
    <>
      <div class="rings">
        {RINGS.map(([key, label, unit, color]) => (
          <Ring
            label={label}
            value={totals[key] ?? 0}
            goal={summary.progress[key]?.goal ?? null}
            unit={unit}
            color={color}
          />
        ))}
      </div>
      <details class="micros">
        <summary>Micronutrients</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Nutrient</th>
              <th scope="col">Eaten</th>
              <th scope="col">Goal</th>
            </tr>
          </thead>
          <tbody>
            {MICRONUTRIENTS.map(([key, label, unit]) => {
              const goal = summary.goals[key];
              return (
                <tr>
                  <th scope="row">{label}</th>
                  <td>
                    {number(totals[key] ?? 0)} {unit}
                  </td>
                  <td>{typeof goal === "number" ? `${number(goal)} ${unit}` : "–"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </>
  );
}
