import { useMemo, useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import { LineChart } from "../../components/chart.tsx";
import { Card, ErrorText, Placeholder, Select } from "../../components/ui.tsx";
import { addDays, formatDay, today } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { number } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";
import { lift, liftUnit, recordLabel, recordValue } from "./format.ts";
import type { PersonalRecord, ProgressPoint } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

type Progress = { sessions: ProgressPoint[]; personal_records: PersonalRecord[] };

const METRICS = [
  ["best", "exercise.metricBest"],
  ["e1rm", "exercise.metricE1rm"],
  ["volume", "exercise.metricVolume"],
] as const;

function metricOf(point: ProgressPoint, metric: string): number | null {
  if (metric === "volume") return point.volume;
  if (metric === "e1rm") return point.estimated_1rm;
  return point.best_set?.weight ?? null;
}

const seconds = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

/** One exercise's records and a chart of a year of its sessions. */
export function ProgressView(props: { id: string; name: string }) {
  const u = units.value;
  const [metric, setMetric] = useState("best");
  const end = today();
  const query = `startDate=${addDays(end, -365)}&endDate=${end}`;
  const progress = useLoad(
    () => get<Progress>(`/api/v2/exercises/${props.id}/stats?${query}`),
    [props.id],
  );
  const points = progress.data?.sessions ?? [];
  const label = t(METRICS.find(([m]) => m === metric)![1]);
  const series = useMemo(
    () => [
      {
        label: t("exercise.metricIn", { metric: label, unit: liftUnit(u) }),
        values: points.map((p) => {
          const v = metricOf(p, metric);
          return v == null ? null : lift(v, u);
        }),
        color: "#0f766e",
      },
    ],
    [progress.data, metric, u],
  );
  const x = useMemo(() => points.map((p) => seconds(p.entry_date)), [progress.data]);
  if (!progress.data) return <Placeholder height={300} />;
  return (
    <>
      <Card title={t("exercise.progressTitle", { name: props.name })}>
        <Select
          label={t("exercise.show")}
          options={METRICS.map(([id, key]) => [id, t(key)])}
          value={metric}
          onChange={(e) => setMetric((e.currentTarget as HTMLSelectElement).value)}
        />
        {points.length === 0 ? (
          <p class="hint">{t("exercise.noSessions")}</p>
        ) : (
          <>
            <LineChart
              label={t("exercise.chart", { metric: label, name: props.name })}
              x={x}
              series={series}
            />
            <p class="hint">
              {t("exercise.latest", {
                count: points.length,
                metric,
                value: `${number(series[0]!.values.at(-1) ?? 0)} ${liftUnit(u)}`,
              })}
            </p>
          </>
        )}
      </Card>
      <Card title={t("exercise.recordsTitle", { name: props.name })}>
        {progress.data.personal_records.length === 0 ? (
          <p class="hint">{t("exercise.noRecord")}</p>
        ) : (
          <table class="records-table">
            <thead>
              <tr>
                <th scope="col">{t("exercise.record")}</th>
                <th scope="col">{t("exercise.best")}</th>
                <th scope="col">{t("day.day")}</th>
              </tr>
            </thead>
            <tbody>
              {progress.data.personal_records.map((r) => (
                <tr>
                  <td>{recordLabel(r, u)}</td>
                  <td>{recordValue(r, u)}</td>
                  <td>{formatDay(r.entry_date, "short")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <ErrorText error={progress.error} />
    </>
  );
}
