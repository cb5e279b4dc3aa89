import { get } from "../../api/client.ts";
import { LineChart, smooth } from "../../components/chart.tsx";
import { Card, ErrorText, Page, Placeholder, Select, Stat } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { addDays, today } from "../../lib/dates.ts";
import { navigate } from "../../lib/router.ts";
import { units } from "../../lib/session.ts";
import { number, weightFromKg, weightUnit } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";
import { firstDayOfWeek } from "../../lib/week-start.ts";
import { dayToSeconds } from "../dashboard/dashboard-data.ts";
import { ActivityHeatmap } from "./activity-heatmap.tsx";
import { MicronutrientAverages } from "./micronutrient-averages.tsx";
import { ReportCard } from "./report-card.tsx";

type Row = Record<string, number | string | null>;
type Reports = {
  weight: Row[];
  nutrition: Row[];
  training: Row[];
  heart_rate_zones: Row[];
  sleep: Row[];
  activity_calendar: { date: string; workouts: number; duration_minutes: number; level: number }[];
  energy_expenditure: {
    available: boolean;
    reason?: string;
    estimate_kcal?: number;
    uncertainty_kcal?: number;
    mean_intake_kcal?: number;
  };
};

const ranges = (): [string, string][] => [
  ["30", t("reports.last30")],
  ["90", t("reports.last90")],
  ["365", t("reports.lastYear")],
];
/** The server's rule for an estimate (src/summary/energy-estimate.ts), said in the user's language. */
const ESTIMATE_NEEDS = { logged: 20, window: 28, weighIns: 4, span: 14 };
const ZONE_COLORS = ["#94a3b8", "#38bdf8", "#22c55e", "#f59e0b", "#ef4444"];

const x = (rows: Row[], key = "date") => rows.map((r) => dayToSeconds(String(r[key])));
const col = (rows: Row[], key: string) => rows.map((r) => (r[key] == null ? null : Number(r[key])));

/** Calories per day; a day with nothing logged (before the account, a day skipped) is a gap, not 0. */
const eaten = (rows: Row[]) => col(rows, "calories").map((kcal) => (kcal ? kcal : null));

/** Trends over a range: weight, nutrition, training, heart-rate zones, sleep and activity. */
export function Reports({ days = "90" }: { days?: string }) {
  const range = { start: addDays(today(), 1 - Number(days)), end: today() };
  const { data, error } = useLoad(
    () =>
      get<Reports>(
        `/api/reports?startDate=${range.start}&endDate=${range.end}&weekStart=${firstDayOfWeek()}`,
      ),
    [days],
  );
  const u = units.value;
  // Over a year a day's figure is noise: there the daily lines show their 7-day average,
  // from the range's seventh day (before it, an average of fewer days).
  const long = Number(days) > 90;
  const daily = (label: string, values: (number | null)[]) =>
    long
      ? {
          label: t("reports.weekAverage", { series: label }),
          values: smooth(values).map((v, i) => (i < 6 ? null : v)),
        }
      : { label, values };
  const card = (
    title: string,
    csv: string,
    report: keyof Reports,
    chart: (rows: Row[]) => preact.JSX.Element,
  ) => (
    <ReportCard
      title={title}
      csv={csv}
      report={report}
      range={range}
      empty={!(data![report] as Row[]).length}
    >
      {chart(data![report] as Row[])}
    </ReportCard>
  );
  return (
    <Page
      title={t("nav.reports")}
      actions={
        <Select
          label={t("reports.range")}
          options={ranges()}
          defaultValue={days}
          onChange={(e) => navigate(`/reports/${(e.currentTarget as HTMLSelectElement).value}`)}
        />
      }
    >
      <ErrorText error={error} />
      {!data ? (
        <Placeholder height={600} />
      ) : (
        <div class="grid two">
          {card(t("today.weight"), t("reports.csvWeight"), "weight", (rows) => (
            <LineChart
              label={t("reports.weightChart", { unit: weightUnit(u) })}
              x={x(rows)}
              series={[
                {
                  label: weightUnit(u),
                  values: col(rows, "weight").map((w) => (w == null ? null : weightFromKg(w, u))),
                  color: "#0d9488",
                },
                {
                  label: t("today.trend"),
                  values: col(rows, "trend").map((w) => (w == null ? null : weightFromKg(w, u))),
                  color: "#a16207",
                },
              ]}
            />
          ))}
          {card(t("reports.nutrition"), t("reports.csvNutrition"), "nutrition", (rows) => (
            <LineChart
              label={t("reports.nutritionChart")}
              x={x(rows)}
              unit={t("foods.kcal")}
              series={[
                { ...daily(t("foods.kcal"), eaten(rows)), color: "#0d9488" },
                { label: t("reports.goal"), values: col(rows, "goal_calories"), color: "#64748b" },
              ]}
            />
          ))}
          {card(t("reports.training"), t("reports.csvTraining"), "training", (rows) => (
            <LineChart
              label={t("reports.trainingChart")}
              x={x(rows, "week_start")}
              unit={t("reports.minutesAWeek")}
              series={[
                {
                  label: t("reports.minutes"),
                  values: col(rows, "duration_minutes"),
                  color: "#7c3aed",
                },
              ]}
            />
          ))}
          {card(t("reports.zones"), t("reports.csvZones"), "heart_rate_zones", (rows) => (
            <LineChart
              label={t("reports.zonesChart")}
              x={x(rows, "week_start")}
              unit={t("reports.minutesAWeek")}
              series={[1, 2, 3, 4, 5].map((z) => ({
                label: t("reports.zone", { zone: z }),
                values: col(rows, `zone_${z}`),
                color: ZONE_COLORS[z - 1]!,
              }))}
            />
          ))}
          {card(t("today.sleep"), t("reports.csvSleep"), "sleep", (rows) => (
            <LineChart
              label={t("reports.sleepChart")}
              x={x(rows)}
              unit={t("reports.hours")}
              series={[
                {
                  ...daily(
                    t("reports.hours"),
                    col(rows, "asleep_minutes").map((m) => (m == null ? null : m / 60)),
                  ),
                  color: "#3b82f6",
                },
              ]}
            />
          ))}
          <Card title={t("reports.energy")}>
            <EnergyStat energy={data.energy_expenditure} />
          </Card>
          <ReportCard
            title={t("reports.activity")}
            csv={t("reports.csvActivity")}
            report="activity_calendar"
            range={range}
            empty={false}
            wide
          >
            <ActivityHeatmap days={data.activity_calendar} />
          </ReportCard>
          <MicronutrientAverages range={range} />
        </div>
      )}
    </Page>
  );
}

function EnergyStat({ energy }: { energy: Reports["energy_expenditure"] }) {
  if (!energy.available)
    return (
      <Stat
        label={t("reports.estimated")}
        value="–"
        hint={t("reports.estimateNeeds", ESTIMATE_NEEDS)}
      />
    );
  return (
    <Stat
      label={t("reports.estimated")}
      value={t("reports.estimate", {
        kcal: number(energy.estimate_kcal!, 0),
        uncertainty: number(energy.uncertainty_kcal!, 0),
      })}
      hint={t("reports.estimateHint", { kcal: number(energy.mean_intake_kcal!, 0) })}
    />
  );
}
