import { LineChart } from "../../components/chart.tsx";
import { Card } from "../../components/ui.tsx";
import { dayToSeconds, type SummaryDay } from "./dashboard-data.ts";

/** Steps, calories eaten and sleep per day over the last 30 days. */
export function Trends({ days }: { days: SummaryDay[] }) {
  const x = days.map((d) => dayToSeconds(d.date));
  const charts = [
    ["Steps", "steps per day", "#7c3aed", days.map((d) => d.steps)],
    [
      "Calories eaten",
      "kcal per day",
      "#0d9488",
      days.map((d) => d.nutrition.totals.calories || null),
    ],
    [
      "Sleep",
      "hours asleep",
      "#3b82f6",
      days.map((d) => (d.sleep ? d.sleep.time_asleep_seconds / 3600 : null)),
    ],
  ] as const;
  return (
    <Card title="Last 30 days">
      <div class="grid three-charts">
        {charts.map(([title, unit, color, values]) => (
          <div>
            <h3 class="chart-title">{title}</h3>
            {values.some((v) => v != null) ? (
              <LineChart
                label={`${title}: ${unit} over the last 30 days`}
                x={x}
                height={140}
                unit={unit}
                series={[{ label: unit, values: [...values], color }]}
              />
            ) : (
              <p class="hint">Nothing recorded yet.</p>
            )}
          </div>
        ))}
      </div>
    </Card>
  );
}
