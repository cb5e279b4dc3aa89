import type { TrackPoint } from "../../api/types.ts";
import { formatClock } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { elevationFromM, formatDistance, M_PER_MILE, number } from "../../lib/units.ts";
import { trackSplits } from "./splits.ts";
import { t } from "../../i18n/i18n.ts";

/**
 * The track's splits per km or mile (the profile's units): time and pace as clocks, climb,
 * heart rate. Ascent and descent share a column and cells may wrap, so a phone shows it all.
 */
export function SplitsTable({ points }: { points: TrackPoint[] }) {
  const u = units.value;
  const unit = u.distance === "km" ? "km" : "mi";
  const length = unit === "km" ? 1000 : M_PER_MILE;
  const splits = trackSplits(points, length);
  if (!splits.length) return <p>{t("workouts.tooShort")}</p>;
  return (
    <div
      class="table-scroll"
      tabIndex={0}
      role="region"
      aria-label={t("workouts.splitsPer", { unit })}
    >
      <table class="splits">
        <thead>
          <tr>
            <th scope="col">{t("workouts.splitUnit", { unit })}</th>
            <th scope="col">{t("workouts.time")}</th>
            <th scope="col">{t("workouts.pacePer", { unit })}</th>
            <th scope="col">{t("workouts.upDown", { unit: unit === "km" ? "m" : "ft" })}</th>
            <th scope="col">{t("workouts.avgHr")}</th>
          </tr>
        </thead>
        <tbody>
          {splits.map((split, i) => (
            <tr>
              <th scope="row">
                {i + 1}
                {split.metres < 0.99 * length && ` (${formatDistance(split.metres, u)})`}
              </th>
              <td>{formatClock(split.seconds)}</td>
              <td>
                {split.metres > 0 ? formatClock((split.seconds / split.metres) * length) : "–"}
              </td>
              <td>
                {number(elevationFromM(split.ascent, u), 0)} /{" "}
                {number(elevationFromM(split.descent, u), 0)}
              </td>
              <td>{split.avgHeartRate == null ? "–" : number(split.avgHeartRate, 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
