import type { CheckIn } from "../../api/types.ts";
import { LineChart, smooth } from "../../components/chart.tsx";
import { units } from "../../lib/session.ts";
import { weightFromKg } from "../../lib/units.ts";
import { dayToSeconds } from "../dashboard/dashboard-data.ts";

/** Weight per check-in with a 7-entry moving average as the trend. */
export function WeightChart({ history }: { history: CheckIn[] }) {
  const u = units.value;
  const withWeight = history.filter((c) => c.weight != null);
  if (!withWeight.length) return <p>No weight recorded in the last year.</p>;
  const values = withWeight.map((c) => weightFromKg(c.weight!, u));
  return (
    <LineChart
      label={`Weight in ${u.weight} with its smoothed trend`}
      x={withWeight.map((c) => dayToSeconds(c.entry_date))}
      series={[
        { label: `Weight (${u.weight})`, values, color: "#0f766e" },
        { label: "Trend", values: smooth(values), color: "#a16207" },
      ]}
    />
  );
}
