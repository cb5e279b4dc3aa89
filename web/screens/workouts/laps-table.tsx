import type { Lap } from "../../api/types.ts";
import { formatDuration } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { formatDistance, formatElevation, formatPace, number } from "../../lib/units.ts";
import { t } from "../../i18n/i18n.ts";

export function LapsTable({ laps }: { laps: Lap[] }) {
  const u = units.value;
  // A device's laps carry its kcal; other sources' laps have none, and no empty column.
  const withCalories = laps.some((lap) => lap.calories != null);
  return (
    <div class="table-scroll" tabIndex={0} role="region" aria-label={t("workouts.laps")}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("workouts.lap")}</th>
            <th scope="col">{t("workouts.time")}</th>
            <th scope="col">{t("workouts.distance")}</th>
            <th scope="col">{t("workouts.pace")}</th>
            <th scope="col">{t("workouts.avgHr")}</th>
            <th scope="col">{t("workouts.ascent")}</th>
            {withCalories && <th scope="col">{t("workouts.calories")}</th>}
          </tr>
        </thead>
        <tbody>
          {laps.map((lap, i) => (
            <tr>
              <th scope="row">{i + 1}</th>
              <td>{formatDuration(lap.timer_time_seconds ?? lap.duration_seconds)}</td>
              <td>{formatDistance(lap.distance_meters, u)}</td>
              <td>{formatPace(lap.avg_speed_mps, u)}</td>
              <td>{lap.avg_heart_rate == null ? "–" : number(lap.avg_heart_rate, 0)}</td>
              <td>{formatElevation(lap.elevation_gain_meters, u)}</td>
              {withCalories && (
                <td>
                  {lap.calories == null ? "–" : t("diary.kcal", { kcal: number(lap.calories, 0) })}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
