import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Notice, Placeholder } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import type { Loaded } from "../../lib/use-load.ts";
import type { Preset } from "./types.ts";
import { t, tr } from "../../i18n/i18n.ts";

export const loadPresets = () =>
  get<{ presets: Preset[] }>("/api/workout-presets?limit=200").then((r) => r.presets);

/** Saved sessions: start one into today in one click, or delete it. */
export function PresetsCard({ presets }: { presets: Loaded<Preset[]> }) {
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const start = (preset: Preset) =>
    post(`/api/workout-presets/${preset.id}/start`, { entry_date: today() }).then(
      () => (setStarted(preset.name), setError(null)),
      (e) => setError(errorMessage(e)),
    );
  const remove = (preset: Preset) =>
    del(`/api/workout-presets/${preset.id}`).then(presets.reload, (e) => setError(errorMessage(e)));
  return (
    <Card title={t("exercise.presets")}>
      {!presets.data ? (
        <Placeholder height={60} />
      ) : presets.data.length === 0 ? (
        <p class="hint">{t("exercise.noPresets")}</p>
      ) : (
        <ul class="list presets">
          {presets.data.map((p) => (
            <li class="key-row">
              <span>
                <strong>{p.name}</strong>{" "}
                <small class="hint">
                  {p.exercises
                    .map((x) =>
                      t("exercise.withSets", { name: x.exercise_name, count: x.sets.length }),
                    )
                    .join(", ")}
                </small>
              </span>
              <span class="actions">
                <button
                  type="button"
                  onClick={() => start(p)}
                  aria-label={t("exercise.startTodayNamed", { name: p.name })}
                >
                  {t("exercise.startToday")}
                </button>
                <button
                  type="button"
                  class="link-button"
                  onClick={() => remove(p)}
                  aria-label={t("entry.deleteFood", { food: p.name })}
                >
                  {t("entry.delete")}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {started && (
        <Notice>
          {tr("exercise.started", {
            name: started,
            link: <a href={`#/exercise/${today()}`}>{t("exercise.seeTheDay")}</a>,
          })}
        </Notice>
      )}
      <ErrorText error={error ?? presets.error} />
    </Card>
  );
}
