import { LineChart, smooth } from "../../components/chart.tsx";
import { EnergyBudget } from "../../components/energy-budget.tsx";
import { Card, ErrorText, Page, Placeholder, Stat } from "../../components/ui.tsx";
import { formatDay, formatDuration, today } from "../../lib/dates.ts";
import { preferences, units } from "../../lib/session.ts";
import { formatWater, formatWeight, number, weightFromKg, weightUnit } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";
import { dayToSeconds, loadDashboard, samplesSeries } from "./dashboard-data.ts";
import { workoutLine, workoutTitle } from "../workouts/workout-line.ts";
import { FirstSteps } from "./first-steps.tsx";
import { Habits } from "./habits.tsx";
import { Trends } from "./trends.tsx";
import { t } from "../../i18n/i18n.ts";

/** Today at a glance and the last 30 days. */
export function Dashboard() {
  const day = today();
  const { data, error } = useLoad(() => loadDashboard(day), [day]);
  const u = units.value;
  // Nothing but a placeholder until the data is in: the first-steps card, shown or not by
  // the data, would otherwise push every card down as it arrives.
  if (!data) {
    return (
      <Page title={t("nav.today")}>
        <ErrorText error={error} />
        {!error && <Placeholder height={900} label={t("today.loading")} />}
      </Page>
    );
  }
  const todays = data.days.find((d) => d.date === day);
  const latestWeight = data.checkIns.findLast((c) => c.weight != null);
  const sleepSeconds = todays?.sleep?.time_asleep_seconds;
  const stepsGoal = todays?.progress.steps.goal;
  const waterGoal = todays?.progress.water_ml.goal;
  const waterUnit = preferences.value.water_display_unit;
  const workout = data.lastWorkout && workoutTitle(data.lastWorkout);
  const hr = samplesSeries(data.heartRate.data);
  const days = data.checkIns.map((c) => dayToSeconds(c.entry_date));
  const weights = data.checkIns.map((c) => (c.weight == null ? null : weightFromKg(c.weight, u)));

  return (
    <Page title={t("nav.today")}>
      <FirstSteps data={data} />
      <div class="grid stats">
        <Stat
          label={t("today.weight")}
          value={formatWeight(latestWeight?.weight, u)}
          hint={
            !latestWeight
              ? t("today.noCheckIn")
              : latestWeight.entry_date === day
                ? t("common.today")
                : formatDay(latestWeight.entry_date, "short")
          }
        />
        <Stat
          label={t("today.steps")}
          value={todays?.steps == null ? "–" : number(todays.steps, 0)}
          hint={stepsGoal ? t("today.ofGoal", { goal: number(stepsGoal, 0) }) : undefined}
        />
        <Stat
          label={t("today.water")}
          value={todays ? formatWater(todays.water_ml, waterUnit) : "–"}
          hint={
            waterGoal ? t("today.ofGoal", { goal: formatWater(waterGoal, waterUnit) }) : undefined
          }
        />
        <Stat
          label={t("today.sleep")}
          value={sleepSeconds ? formatDuration(sleepSeconds) : "–"}
          hint={sleepSeconds ? t("today.lastNight") : undefined}
        />
      </div>
      <Card title={t("today.energy")}>
        <EnergyBudget
          goal={todays?.progress.calories.goal ?? null}
          food={todays?.nutrition.totals.calories ?? 0}
          exercise={todays?.exercise.calories_burned ?? 0}
        />
      </Card>
      <Habits data={data} day={day} />
      <Card title={t("today.lastWorkout")}>
        {data.lastWorkout && workout ? (
          <a href={`#/workouts/${workout.first.id}`} class="row-link">
            <strong>{workout.title}</strong>
            <span>{workoutLine(data.lastWorkout, u)}</span>
          </a>
        ) : (
          <p>{t("today.noWorkout")}</p>
        )}
      </Card>
      <Card title={t("today.heartRate")}>
        {hr.x.length ? (
          <LineChart
            label={t("today.heartRateChart")}
            timeOfDay
            unit="bpm"
            x={hr.x}
            series={[{ label: "bpm", values: hr.y, color: "#e11d48" }]}
          />
        ) : (
          <p>{t("today.noHeartRate")}</p>
        )}
      </Card>
      <Card title={t("today.weightTrend")}>
        {weights.some((w) => w != null) ? (
          <LineChart
            label={t("today.weightChart", { unit: weightUnit(u) })}
            x={days}
            series={[
              { label: weightUnit(u), values: weights, color: "#0d9488" },
              { label: t("today.trend"), values: smooth(weights), color: "#a16207" },
            ]}
          />
        ) : (
          <p>{t("today.noWeight")}</p>
        )}
      </Card>
      <Trends days={data.days} />
    </Page>
  );
}
