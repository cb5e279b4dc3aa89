import { get } from "../../api/client.ts";
import type { CheckIn, DaySamples, Workout } from "../../api/types.ts";
import { LineChart, smooth } from "../../components/chart.tsx";
import { Card, ErrorText, Page, Placeholder, Stat } from "../../components/ui.tsx";
import { addDays, formatDay, formatDuration, today } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { formatDistance, formatWeight, number, weightFromKg } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";
import { dayToSeconds, lastWorkout, samplesSeries } from "./dashboard-data.ts";
import { Trends } from "./trends.tsx";

type Today = {
  range: CheckIn[];
  water: { water_ml: number };
  sleep: { duration_seconds: number | null }[];
  heartRate: { data: DaySamples[] };
  workout: Workout | null;
};

function loadToday(day: string): Promise<Today> {
  const from = addDays(day, -29);
  return Promise.all([
    get<CheckIn[]>(`/api/measurements/check-in-measurements-range/${from}/${day}`),
    get<{ water_ml: number }>(`/api/measurements/water-intake/${day}`),
    get<{ duration_seconds: number | null }[]>(`/api/sleep?date=${day}`),
    get<{ data: DaySamples[] }>(`/api/generic-health/samples?metric=heart_rate&date=${day}`),
    lastWorkout(day, 14),
  ]).then(([range, water, sleep, heartRate, workout]) => ({
    range,
    water,
    sleep,
    heartRate,
    workout,
  }));
}

/** Today at a glance and the last 30 days. */
export function Dashboard() {
  const day = today();
  const { data, error } = useLoad(() => loadToday(day), [day]);
  const u = units.value;
  const todays = data?.range.find((c) => c.entry_date === day);
  const latestWeight = data?.range.findLast((c) => c.weight != null);
  const sleepSeconds = data?.sleep.reduce((sum, s) => sum + (s.duration_seconds ?? 0), 0);
  const hr = data ? samplesSeries(data.heartRate.data) : null;
  const days = data?.range.map((c) => dayToSeconds(c.entry_date)) ?? [];
  const weights =
    data?.range.map((c) => (c.weight == null ? null : weightFromKg(c.weight, u))) ?? [];

  return (
    <Page title="Today">
      <ErrorText error={error} />
      <div class="grid stats">
        <Stat
          label="Weight"
          value={formatWeight(latestWeight?.weight, u)}
          hint={latestWeight ? formatDay(latestWeight.entry_date, "short") : "No check-in yet"}
        />
        <Stat label="Steps" value={todays?.steps == null ? "–" : number(todays.steps, 0)} />
        <Stat label="Water" value={data ? `${number(data.water.water_ml, 0)} ml` : "–"} />
        <Stat label="Sleep" value={sleepSeconds ? formatDuration(sleepSeconds) : "–"} />
      </div>
      <Card title="Last workout">
        {!data ? (
          <Placeholder height={48} />
        ) : data.workout ? (
          <a href={`#/workouts/${data.workout.id}`} class="row-link">
            <strong>{data.workout.title ?? data.workout.exercise_name}</strong>
            <span>
              {formatDay(data.workout.entry_date, "short")} ·{" "}
              {formatDuration(data.workout.duration_seconds)} ·{" "}
              {formatDistance(
                data.workout.distance == null ? null : data.workout.distance * 1000,
                u,
              )}
            </span>
          </a>
        ) : (
          <p>No workout in the last two weeks.</p>
        )}
      </Card>
      <Card title="Heart rate today">
        {!hr ? (
          <Placeholder height={220} />
        ) : hr.x.length ? (
          <LineChart
            label="Heart rate over today"
            x={hr.x}
            series={[{ label: "bpm", values: hr.y, color: "#be123c" }]}
          />
        ) : (
          <p>No heart-rate samples today.</p>
        )}
      </Card>
      <Card title="Weight, last 30 days">
        {!data ? (
          <Placeholder height={220} />
        ) : weights.some((w) => w != null) ? (
          <LineChart
            label={`Weight in ${u.weight} over the last 30 days`}
            x={days}
            series={[
              { label: u.weight, values: weights, color: "#0f766e" },
              { label: "trend", values: smooth(weights), color: "#a16207" },
            ]}
          />
        ) : (
          <p>Record a check-in to see your trend.</p>
        )}
      </Card>
      <Trends day={day} />
    </Page>
  );
}
