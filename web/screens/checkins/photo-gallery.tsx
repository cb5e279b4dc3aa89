import { formatDay } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { formatWeight } from "../../lib/units.ts";
import { photoUrl, photos, photosByDay } from "./photos-data.ts";
import { t } from "../../i18n/i18n.ts";

/** Photos by day, newest first, each day with the weight of its check-in. */
export function PhotoGallery() {
  if (!photos.value) return <p>{t("checkins.loadingPhotos")}</p>;
  const days = photosByDay(photos.value);
  if (!days.length) return <p>{t("checkins.noPhotos")}</p>;
  return (
    <ul class="gallery">
      {days.map(([day, list]) => (
        <li>
          <h3>
            <a href={`#/check-ins/${day}`}>{formatDay(day)}</a>{" "}
            <span class="hint">{formatWeight(list[0]!.weight, units.value)}</span>
          </h3>
          <div class="thumbs">
            {list.map((photo) => (
              <img
                src={photoUrl(photo)}
                alt={t("checkins.photoOf", { angle: photo.photo_type, day: formatDay(day) })}
                loading="lazy"
              />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
