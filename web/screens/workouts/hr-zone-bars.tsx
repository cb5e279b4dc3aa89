import type { HrZone } from "../../api/types.ts";
import { formatClock } from "../../lib/dates.ts";
import { t } from "../../i18n/i18n.ts";

/** Time in each zone as a bar proportional to the longest; the numbers are in the text. */
export function HrZoneBars({ zones }: { zones: HrZone[] }) {
  const longest = Math.max(0, ...zones.map((z) => z.seconds));
  if (!longest) return <p>{t("workouts.noZones")}</p>;
  return (
    <ul class="zones">
      {zones.map((z) => (
        <li>
          <span class="zone-label">
            {t("workouts.zone", { zone: z.zone })}{" "}
            <span class="hint">
              {t("exercise.bpm", {
                bpm: z.max_bpm == null ? `${z.min_bpm}+` : `${z.min_bpm}–${z.max_bpm}`,
              })}
            </span>
          </span>
          <span class={`zone-bar zone-${z.zone}`}>
            <meter
              min={0}
              max={longest}
              value={z.seconds}
              aria-label={t("workouts.zone", { zone: z.zone })}
            />
          </span>
          <span class="zone-time">{formatClock(z.seconds)}</span>
        </li>
      ))}
    </ul>
  );
}
