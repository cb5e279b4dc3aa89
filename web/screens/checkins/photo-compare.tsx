import { useState } from "preact/hooks";
import type { Photo } from "../../api/types.ts";
import { Select } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { ANGLES, photoUrl, photos, photosByDay } from "./photos-data.ts";

/** Two days' photos of one angle side by side. */
export function PhotoCompare() {
  const days = photosByDay(photos.value ?? []);
  const [left, setLeft] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const [angle, setAngle] = useState("front");
  if (days.length < 2) return <p>Photos of two different days are needed to compare.</p>;
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
          label="Before"
          options={options}
          value={leftDay}
          onChange={(e) => setLeft(value(e))}
        />
        <Select
          label="After"
          options={options}
          value={rightDay}
          onChange={(e) => setRight(value(e))}
        />
        <Select
          label="Angle"
          options={ANGLES.map((a) => [a, a])}
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
                <img src={photoUrl(photo)} alt={`${angle} photo of ${formatDay(day)}`} />
              ) : (
                <p>No {angle} photo.</p>
              )}
              <figcaption>{formatDay(day)}</figcaption>
            </figure>
          );
        })}
      </div>
    </div>
  );
}
