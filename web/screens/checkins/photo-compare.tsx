import { useState } from "preact/hooks";
import type { Photo } from "../../api/types.ts";
import { Select } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { ANGLES, photoUrl, photos, photosByDay } from "./photos-data.ts";
import { t } from "../../i18n/i18n.ts";

/** Two days' photos of one angle side by side. */
export function PhotoCompare() {
  const days = photosByDay(photos.value ?? []);
  const [left, setLeft] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const [angle, setAngle] = useState("front");
  if (days.length < 2) return <p>{t("checkins.needTwoDays")}</p>;
  const options = days.map(([day]) => [day, formatDay(day)] as [string, string]);
  const leftDay = left ?? days[days.length - 1]![0];
  const rightDay = right ?? days[0]![0];
  const pick = (day: string): Photo | undefined =>
    photos.value!.find((p) => p.entry_date === day && p.photo_type === angle);
  const value = (e: Event) => (e.currentTarget as HTMLSelectElement).value;

  return (
    <div class="stack">
      <div class="grid three">
        <Select
          label={t("checkins.before")}
          options={options}
          value={leftDay}
          onChange={(e) => setLeft(value(e))}
        />
        <Select
          label={t("checkins.after")}
          options={options}
          value={rightDay}
          onChange={(e) => setRight(value(e))}
        />
        <Select
          label={t("checkins.angle")}
          options={ANGLES.map((a) => [a, t("checkins.angleName", { angle: a })])}
          value={angle}
          onChange={(e) => setAngle(value(e))}
        />
      </div>
      <div class="grid two compare">
        {[leftDay, rightDay].map((day) => {
          const photo = pick(day);
          return (
            <figure>
              {photo ? (
                <img
                  src={photoUrl(photo)}
                  alt={t("checkins.photoOf", { angle, day: formatDay(day) })}
                />
              ) : (
                <p>{t("checkins.noPhoto", { angle })}</p>
              )}
              <figcaption>{formatDay(day)}</figcaption>
            </figure>
          );
        })}
      </div>
    </div>
  );
}
