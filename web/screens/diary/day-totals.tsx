import { MICRONUTRIENTS, type DailySummary } from "../../api/food-types.ts";
import { Ring } from "../../components/ring.tsx";
import { number } from "../../lib/units.ts";
import { t } from "../../i18n/i18n.ts";

const RINGS = [
  ["calories", "kcal", "#0d9488"],
  ["protein", "g", "#7c3aed"],
  ["carbs", "g", "#b45309"],
  ["fat", "g", "#e11d48"],
] as const;

/** The day's intake against its goals: rings for energy and macros, micronutrients on demand. */
export function DayTotals({ summary }: { summary: DailySummary }) {
  const totals = summary.nutrition.totals;
  return (
    <>
      <div class="rings">
        {RINGS.map(([key, unit, color]) => (
          <Ring
            label={t(`nutrient.${key}`)}
            value={totals[key] ?? 0}
            goal={summary.progress[key]?.goal ?? null}
            unit={unit}
            color={color}
          />
        ))}
      </div>
      <details class="micros">
        <summary>{t("diary.micronutrients")}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("diary.nutrient")}</th>
              <th scope="col">{t("diary.eaten")}</th>
              <th scope="col">{t("budget.goal")}</th>
            </tr>
          </thead>
          <tbody>
            {MICRONUTRIENTS.map(([key, , unit]) => {
              const goal = summary.goals[key];
              return (
                <tr>
                  <th scope="row">{t(`nutrient.${key}`)}</th>
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
