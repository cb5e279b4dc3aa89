import type { WorkoutSession } from "../../api/types.ts";
import { Stat } from "../../components/ui.tsx";
import { formatDuration, formatTime } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { formatDistance, formatElevation, formatPace, number } from "../../lib/units.ts";
import { t } from "../../i18n/i18n.ts";

const dash = (value: number | null, suffix: string, digits = 0) =>
  value == null ? "–" : `${number(value, digits)}${suffix}`;
const seconds = (s: WorkoutSession) => (Date.parse(s.end_time) - Date.parse(s.start_time)) / 1000;

/**
 * A multisport activity's legs: a timeline (each leg's share of the time, pressed to show its
 * part of the map) and each leg's figures as the device recorded them.
 */
export function SessionsCard(props: {
  sessions: WorkoutSession[];
  selected: number | null;
  onSelect: (index: number | null) => void;
}) {
  const u = units.value;
  const { sessions, selected, onSelect } = props;
  const total = sessions.reduce((sum, s) => sum + Math.max(seconds(s), 1), 0);
  return (
    <>
      <div class="session-timeline" role="group" aria-label={t("workouts.legsTimeline")}>
        {sessions.map((s, i) => (
          <button
            type="button"
            class={`leg leg-${i % 5}`}
            style={{ flexGrow: Math.max(seconds(s), 1) / total }}
            aria-pressed={selected === i}
            title={`${s.activity_type}, ${formatDuration(seconds(s))}`}
            onClick={() => onSelect(selected === i ? null : i)}
          >
            {s.activity_type}
          </button>
        ))}
      </div>
      <div class="table-scroll" tabIndex={0} role="region" aria-label={t("workouts.legs")}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("workouts.leg")}</th>
              <th scope="col">{t("workouts.start")}</th>
              <th scope="col">{t("workouts.time")}</th>
              <th scope="col">{t("workouts.distance")}</th>
              <th scope="col">{t("workouts.pace")}</th>
              <th scope="col">{t("workouts.avgHr")}</th>
              <th scope="col">{t("workouts.power")}</th>
              <th scope="col">{t("workouts.ascent")}</th>
              <th scope="col">{t("workouts.calories")}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s, i) => (
              <tr class={selected === i ? "selected" : undefined}>
                <th scope="row">{s.activity_type}</th>
                <td>{formatTime(s.start_time)}</td>
                <td>{formatDuration(s.timer_time_seconds ?? seconds(s))}</td>
                <td>{formatDistance(s.distance_meters, u)}</td>
                <td>{formatPace(s.avg_speed_mps, u)}</td>
                <td>{dash(s.avg_heart_rate, "")}</td>
                <td>{dash(s.avg_power_watts, " W")}</td>
                <td>{formatElevation(s.elevation_gain_meters, u)}</td>
                <td>
                  {s.calories == null ? "–" : t("diary.kcal", { kcal: number(s.calories, 0) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sessions.some((s) => s.set_count > 0) && (
        <p>
          {sessions
            .filter((s) => s.set_count > 0)
            .map((s) => t("workouts.legSets", { leg: s.activity_type, count: s.set_count }))
            .join(" · ")}
        </p>
      )}
    </>
  );
}

/** What a single session adds to the entry: a pool swim's lengths, a ride's power. */
export function SessionFigures({ session: s }: { session: WorkoutSession }) {
  const swim = s.swim;
  return (
    <div class="grid stats">
      {swim && (
        <>
          <Stat label={t("workouts.poolLength")} value={dash(swim.pool_length_m, " m", 1)} />
          <Stat label={t("workouts.lengths")} value={String(swim.active_lengths)} />
          <Stat label={t("workouts.strokes")} value={dash(swim.strokes, "")} />
          <Stat label={t("workouts.swolf")} value={dash(swim.swolf, "")} />
          <Stat
            label={t("workouts.rests")}
            value={`${swim.rest_intervals.length} (${formatDuration(
              swim.rest_intervals.reduce((sum, r) => sum + r.seconds, 0),
            )})`}
          />
        </>
      )}
      {s.avg_power_watts != null && (
        <>
          <Stat label={t("workouts.avgPower")} value={dash(s.avg_power_watts, " W")} />
          <Stat label={t("workouts.maxPower")} value={dash(s.max_power_watts, " W")} />
          <Stat
            label={t("workouts.normalizedPower")}
            value={dash(s.normalized_power_watts, " W")}
          />
        </>
      )}
    </div>
  );
}
