import { get } from "../../api/client.ts";
import { LineChart } from "../../components/chart.tsx";
import { Card, Placeholder } from "../../components/ui.tsx";
import { addDays } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { dayToSeconds } from "./dashboard-data.ts";

type Day = {
  date: string;
  steps: number | null;
  water_ml: number;
  nutrition: { totals: { calories: number } };
  sleep: { time_asleep_seconds: number } | null;
};

/** Steps, calories eaten, water and sleep per day over the last 30 days. */
export function Trends({ day }: { day: string }) {
  const range = useLoad(
    () => get<Day[]>(`/api/daily-summary/range?startDate=${addDays(day, -29)}&endDate=${day}`),
    [day],
  );
  const days = range.data ?? [];
  const x = days.map((d) => dayToSeconds(d.date));
  const charts = [
    ["Steps", "steps per day", "#7c3aed", days.map((d) => d.steps)],
    [
      "Calories eaten",
      "kcal per day",
      "#0f766e",
      days.map((d) => d.nutrition.totals.calories || null),
    ],
    [
      "Sleep",
      "hours asleep",
      "#1d4ed8",
      days.map((d) => (d.sleep ? d.sleep.time_asleep_seconds / 3600 : null)),
    ],
  ] as const;
  return (
    <Card title="Last 30 days">
      {!range.data ? (
        <Placeholder height={600} />
      ) : (
        <div class="grid three-charts">
          {charts.map(([title, unit, color, values]) => (
            <div>
              <h3 class="chart-title">{title}</h3>
              {values.some((v) => v != null) ? (
                <LineChart
                  label={`${title}: ${unit} over the last 30 days`}
                  x={x}
                  height={140}
                  series={[{ label: unit, values: [...values], color }]}
                />
              ) : (
                <p class="hint">Nothing recorded yet.</p>
              )}
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
