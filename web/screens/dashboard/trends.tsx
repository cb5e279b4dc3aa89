import { LineChart } from "../../components/chart.tsx";
import { Card } from "../../components/ui.tsx";
import { dayToSeconds, type SummaryDay } from "./dashboard-data.ts";
import { t } from "../../i18n/i18n.ts";

/** Steps, calories eaten and sleep per day over the last 30 days. */
export function Trends({ days }: { days: SummaryDay[] }) {
  const x = days.map((d) => dayToSeconds(d.date));
  const charts = [
    [t("today.steps"), t("today.stepsPerDay"), "#7c3aed", days.map((d) => d.steps)],
    [
      t("today.caloriesEaten"),
      t("today.kcalPerDay"),
      "#0d9488",
      days.map((d) => d.nutrition.totals.calories || null),
    ],
    [
      t("today.sleep"),
      t("today.hoursAsleep"),
      "#3b82f6",
      days.map((d) => (d.sleep ? d.sleep.time_asleep_seconds / 3600 : null)),
    ],
  ] as const;
  return (
    <Card title={t("today.last30")}>
      <div class="grid three-charts">
        {charts.map(([title, unit, color, values]) => (
          <div>
            <h3 class="chart-title">{title}</h3>
            {values.some((v) => v != null) ? (
              <LineChart
                label={t("today.chartLabel", { title, unit })}
                x={x}
                height={140}
                unit={unit}
                series={[{ label: unit, values: [...values], color }]}
              />
            ) : (
              <p class="hint">{t("today.nothingYet")}</p>
            )}
          </div>
        ))}
      </div>
    </Card>
  );
}
