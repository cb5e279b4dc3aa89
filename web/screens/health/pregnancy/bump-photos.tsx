import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../../api/client.ts";
import { Card, ErrorText, Placeholder } from "../../../components/ui.tsx";
import { t } from "../../../i18n/i18n.ts";
import { formatDay } from "../../../lib/dates.ts";
import { useLoad } from "../../../lib/use-load.ts";

type Photo = { id: string; week: number; entry_date: string };

/** Bump photos by date; each image is read through the owner-only file route. */
export function BumpPhotos({ pregnancyId }: { pregnancyId: string }) {
  const path = `/api/v2/pregnancy/photos?pregnancy_id=${pregnancyId}`;
  const photos = useLoad(() => get<Photo[]>(path), [pregnancyId]);
  const [error, setError] = useState<string | null>(null);
  const done = (work: Promise<unknown>) =>
    work.then(
      () => (setError(null), photos.reload()),
      (e) => setError(errorMessage(e)),
    );
  const upload = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    done(post(`/api/v2/pregnancy/photos/${pregnancyId}`, new FormData(form))).then(() =>
      form.reset(),
    );
  };
  if (!photos.data) return <Placeholder height={120} />;
  return (
    <Card title={t("pregnancy.bumpPhotos")}>
      <form class="inline-field wrap" onSubmit={upload}>
        <div class="field">
          <label for="bump-photo">{t("pregnancy.photo")}</label>
          <input id="bump-photo" type="file" name="photo" accept="image/*" required />
        </div>
        <button type="submit">{t("pregnancy.upload")}</button>
      </form>
      <ErrorText error={error ?? photos.error} />
      {photos.data.length ? (
        <ul class="thumbs bump-photos">
          {photos.data.map((p) => (
            <li>
              <img
                src={`/api/v2/pregnancy/photos/file/${p.id}`}
                alt={t("pregnancy.bumpPhotoAlt", { week: p.week, day: formatDay(p.entry_date) })}
                loading="lazy"
              />
              <span class="hint" aria-hidden="true">
                {t("pregnancy.weekN", { week: p.week })}
                <br />
                {formatDay(p.entry_date, "short")}
              </span>
              <button type="button" onClick={() => done(del(`/api/v2/pregnancy/photos/${p.id}`))}>
                {t("entry.delete")}
                <span class="visually-hidden"> {t("pregnancy.photoOfWeek", { week: p.week })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("pregnancy.noPhotos")}</p>
      )}
    </Card>
  );
}
