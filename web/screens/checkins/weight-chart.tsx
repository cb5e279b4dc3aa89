import type { CheckIn } from "../../api/types.ts";
import { LineChart, smooth } from "../../components/chart.tsx";
import { formatDay } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { formatWeight, weightFromKg, weightUnit } from "../../lib/units.ts";
import { dayToSeconds } from "../dashboard/dashboard-data.ts";
import type { EnergyPlan } from "../goals/energy-plan.ts";
import { t } from "../../i18n/i18n.ts";

/**
 * Weight per check-in with a 7-entry moving average as the trend and, with a goal weight,
 * the path to it: from the latest weight to the goal on the day the calorie goal gets there.
 */
export function WeightChart({ history, plan }: { history: CheckIn[]; plan?: EnergyPlan }) {
  const u = units.value;
  const withWeight = history.filter((c) => c.weight != null);
  if (!withWeight.length) return <p>{t("checkins.noWeight")}</p>;
  const values = withWeight.map((c) => weightFromKg(c.weight!, u));
  const x = withWeight.map((c) => dayToSeconds(c.entry_date));
  const series = [
    { label: t("checkins.weightIn", { unit: weightUnit(u) }), values, color: "#0f766e" },
    { label: t("checkins.trend"), values: smooth(values), color: "#a16207" },
  ];
  const target = plan?.targetKg;
  if (target != null && plan?.projected) {
    // From the latest weight (read before the other series gain their empty last point).
    const path = values.map((value, i) => (i === values.length - 1 ? value : null));
    x.push(dayToSeconds(plan.projected));
    for (const s of series) s.values.push(null);
    series.push({
      label: t("checkins.goal"),
      values: [...path, weightFromKg(target, u)],
      color: "#6d28d9",
    });
  }
  return (
    <>
      <LineChart label={t("checkins.chart", { unit: weightUnit(u) })} x={x} series={series} />
      {target != null && (
        <p class="hint">
          {plan?.projected
            ? t("checkins.goalReached", {
                weight: formatWeight(target, u),
                day: formatDay(plan.projected, "short"),
              })
            : t("checkins.goalNotReached", { weight: formatWeight(target, u) })}
        </p>
      )}
    </>
  );
}
