import { useEffect, useState } from "preact/hooks";
import { api, errorMessage } from "../../api/client.ts";
import type { PhotoType } from "../../api/types.ts";
import { ErrorText, Notice } from "../../components/ui.tsx";
import { ANGLES, photoUrl, photos, reloadPhotos } from "./photos-data.ts";
import { t } from "../../i18n/i18n.ts";

/** One drop zone per angle: drag a file in, pick one, or take one with the phone's camera. */
export function PhotoUpload({ day }: { day: string }) {
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!photos.value) reloadPhotos().catch((e) => setError(errorMessage(e)));
  }, []);

  const upload = async (angle: PhotoType, file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append("photo", file);
    setError(null);
    setStatus(t("checkins.uploading", { angle }));
    try {
      await api("POST", `/api/measurements/check-in-photos/${day}/${angle}`, form);
      await reloadPhotos();
      setStatus(t("checkins.uploaded", { angle }));
    } catch (e) {
      setStatus(null);
      setError(errorMessage(e));
    }
  };

  const todays = photos.value?.filter((p) => p.entry_date === day) ?? [];
  return (
    <div class="stack">
      <div class="grid angles">
        {ANGLES.map((angle) => {
          const photo = todays.find((p) => p.photo_type === angle);
          return (
            <label
              class="drop-zone"
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                upload(angle, e.dataTransfer?.files[0]);
              }}
            >
              {photo ? (
                <img src={photoUrl(photo)} alt={t("checkins.photoOfDay", { angle })} />
              ) : (
                <span aria-hidden="true">+</span>
              )}
              <span class="drop-label">
                {t(photo ? "checkins.replace" : "checkins.add", { angle })}
              </span>
              <input
                type="file"
                accept="image/*"
                capture="environment"
                class="visually-hidden"
                onChange={(e) => upload(angle, (e.currentTarget as HTMLInputElement).files?.[0])}
              />
            </label>
          );
        })}
      </div>
      <ErrorText error={error} />
      {status && <Notice>{status}</Notice>}
    </div>
  );
}
