import type { TrackPoint } from "../../api/types.ts";
import { formatClock } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { elevationFromM, formatDistance, M_PER_MILE, number } from "../../lib/units.ts";
import { trackSplits } from "./splits.ts";

/**
 * The track's splits per km or mile (the profile's units): time and pace as clocks, climb,
 * heart rate. Ascent and descent share a column and cells may wrap, so a phone shows it all.
 */
export function SplitsTable({ points }: { points: TrackPoint[] }) {
  const u = units.value;
  const unit = u.distance === "km" ? "km" : "mi";
  const length = unit === "km" ? 1000 : M_PER_MILE;
  const splits = trackSplits(points, length);
  if (!splits.length) return <p>The track is too short for a split.</p>;
  return (
    <div class="table-scroll" tabIndex={0} role="region" aria-label={`Splits per ${unit}`}>
      <table class="splits">
        <thead>
          <tr>
            <th scope="col">{unit === "km" ? "Km" : "Mile"}</th>
            <th scope="col">Time</th>
            <th scope="col">Pace /{unit}</th>
            <th scope="col">Up / down ({unit === "km" ? "m" : "ft"})</th>
            <th scope="col">Avg HR</th>
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
