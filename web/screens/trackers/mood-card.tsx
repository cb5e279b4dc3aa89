import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { MoodFace } from "../../components/icons.tsx";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { formatNumber, t } from "../../i18n/i18n.ts";
import { useLoad } from "../../lib/use-load.ts";

type Mood = { id: string; mood_value: number; mood_tags: string[]; notes: string | null };

const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The day's mood from 1 to 10, with tags and a note; logging again replaces it. */
export function MoodCard({ day }: { day: string }) {
  const mood = useLoad(() => get<Mood[]>(`/api/mood?date=${day}`), [day]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!mood.data)
    return (
      <Card title={t("trackers.mood")}>
        <Placeholder height={314} />
      </Card>
    );
  const current = mood.data.at(-1);
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const tags = String(form.get("tags") ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean);
    post("/api/mood", {
      entry_date: day,
      mood_value: Number(form.get("mood_value")),
      tags,
      notes: String(form.get("notes") ?? "") || null,
    }).then(
      () => (setSaved(true), mood.reload()),
      (e) => setError(errorMessage(e)),
    );
  };
  return (
    <Card title={t("trackers.mood")}>
      <form class="stack" onSubmit={save} key={current?.id ?? day}>
        <fieldset class="mood-scale">
          <legend>{t("trackers.howWasDay")}</legend>
          {VALUES.map((value) => (
            <label>
              <input
                type="radio"
                name="mood_value"
                value={value}
                required
                defaultChecked={current?.mood_value === value}
              />
              <MoodFace value={value} />
              <span class="visually-hidden">{formatNumber(value)}</span>
            </label>
          ))}
        </fieldset>
        <Field
          label={t("trackers.tags")}
          name="tags"
          defaultValue={current?.mood_tags.join(", ") ?? ""}
        />
        <Field label={t("trackers.note")} name="notes" defaultValue={current?.notes ?? ""} />
        <button type="submit">{t("trackers.saveMood")}</button>
        {saved && <Notice>{t("trackers.moodSaved")}</Notice>}
        <ErrorText error={error ?? mood.error} />
      </form>
    </Card>
  );
}
