import type { HrZone } from "../../api/types.ts";
import { formatClock } from "../../lib/dates.ts";

/** Time in each zone as a bar proportional to the longest; the numbers are in the text. */
export function HrZoneBars({ zones }: { zones: HrZone[] }) {
  const longest = Math.max(0, ...zones.map((z) => z.seconds));
  if (!longest) return <p>No heart-rate zones for this workout.</p>;
  return (
    <ul class="zones">
      {zones.map((z) => (
        <li>
          <span class="zone-label">
            Zone {z.zone}{" "}
            <span class="hint">
              {z.max_bpm == null ? `${z.min_bpm}+` : `${z.min_bpm}–${z.max_bpm}`} bpm
            </span>
          </span>
          <span class={`zone-bar zone-${z.zone}`}>
            <meter min={0} max={longest} value={z.seconds} aria-label={`Zone ${z.zone}`} />
          </span>
          <span class="zone-time">{formatClock(z.seconds)}</span>
        </li>
      ))}
    </ul>
  );
}
