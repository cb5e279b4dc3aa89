import { useMemo } from "preact/hooks";
import type { TrackPoint } from "../../api/types.ts";
import { LineChart } from "../../components/chart.tsx";
import { units } from "../../lib/session.ts";
import { elevationFromM, paceMinutes } from "../../lib/units.ts";
import { trackSpeeds } from "./track-speeds.ts";
import { t } from "../../i18n/i18n.ts";

type Channel = {
  key: string;
  label: string;
  color: string;
  value: (p: TrackPoint) => number | null | undefined;
};

/**
 * One chart per channel the track carries, all on the track's time axis with one shared
 * cursor; hovering reports the point's index so the map can mark it.
 */
export function WorkoutCharts(props: {
  points: TrackPoint[];
  onHover: (index: number | null) => void;
}) {
  const u = units.value;
  const charts = useMemo(() => {
    const speeds = trackSpeeds(props.points);
    const channels: Channel[] = [
      { key: "hr", label: t("workouts.heartRate"), color: "#be123c", value: (p) => p.hr },
      {
        key: "pace",
        label: t("workouts.paceChart", { unit: u.distance === "km" ? "km" : "mi" }),
        color: "#0f766e",
        value: (p) => paceMinutes(speeds.get(p), u),
      },
      {
        key: "alt",
        label: t("workouts.elevation", { unit: u.distance === "km" ? "m" : "ft" }),
        color: "#a16207",
        value: (p) => (p.alt == null ? null : elevationFromM(p.alt, u)),
      },
      { key: "cad", label: t("workouts.cadence"), color: "#6d28d9", value: (p) => p.cad },
      { key: "power", label: t("workouts.powerChart"), color: "#1d4ed8", value: (p) => p.power },
    ];
    const x = props.points.map((p) => Date.parse(p.t) / 1000);
    return channels
      .map((c) => ({ ...c, values: props.points.map((p) => c.value(p) ?? null) }))
      .filter((c) => c.values.some((v) => v != null))
      .map((c) => ({ ...c, x, series: [{ label: c.label, values: c.values, color: c.color }] }));
  }, [props.points, u]);
  if (!charts.length) return <p>{t("workouts.noChannels")}</p>;
  return (
    <div class="stack">
      {charts.map((c) => (
        <div key={c.key}>
          <h3 class="chart-title">{c.label}</h3>
          <LineChart
            label={c.label}
            x={c.x}
            series={c.series}
            height={140}
            syncKey="workout"
            timeOfDay
            onHover={props.onHover}
          />
        </div>
      ))}
    </div>
  );
}
