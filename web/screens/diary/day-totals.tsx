import { MICRONUTRIENTS, type DailySummary } from "../../api/food-types.ts";
import { nutrientKey, type MicronutrientTargets } from "../../api/micronutrients.ts";
import { Ring } from "../../components/ring.tsx";
import { number } from "../../lib/units.ts";
import { formatNumber, t } from "../../i18n/i18n.ts";

const RINGS = [
  ["calories", "kcal", "#0d9488"],
  ["protein", "g", "#7c3aed"],
  ["carbs", "g", "#b45309"],
  ["fat", "g", "#e11d48"],
] as const;

export type Row = { name: string; unit: string; eaten: number; goal: number | null };

/** A figure under 1 (0.04 mg of thiamin) keeps a second decimal, so it does not read 0. */
const amount = (value: number, unit: string) => `${number(value, value < 1 ? 2 : 1)} ${unit}`;

/** One micronutrient: what was eaten, its goal, and the share of the goal reached. */
export function MicroRow({ name, unit, eaten, goal }: Row) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{amount(eaten, unit)}</td>
      <td>{goal === null ? "–" : amount(goal, unit)}</td>
      <td class="micro-progress">
        {goal !== null && goal > 0 && (
          <>
            <progress
              max={goal}
              value={Math.min(eaten, goal)}
              aria-label={t("diary.targetReached", { nutrient: name })}
            />{" "}
            {formatNumber(eaten / goal, { style: "percent" })}
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * The day's intake against its goals: rings for energy and macros; on demand, the
 * micronutrients, minerals and vitamins against the Dietary Reference Intakes (or one's own).
 */
export function DayTotals(props: { summary: DailySummary; micros?: MicronutrientTargets }) {
  const { summary, micros } = props;
  const totals = summary.nutrition.totals;
  const withTarget = new Set(micros?.targets.map((row) => row.key));
  const rows: Row[] = [
    ...MICRONUTRIENTS.filter(([key]) => !withTarget.has(key)).map(([key, , unit]) => {
      const goal = summary.goals[key];
      return {
        name: t(`nutrient.${key}`),
        unit,
        eaten: totals[key] ?? 0,
        goal: typeof goal === "number" ? goal : null,
      };
    }),
    ...(micros?.targets ?? []).map((row) => ({
      name: t(nutrientKey(row.key)),
      unit: row.unit,
      eaten: row.eaten,
      goal: row.target,
    })),
  ];
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
              <th scope="col">{t("diary.progress")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <MicroRow {...row} />
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
