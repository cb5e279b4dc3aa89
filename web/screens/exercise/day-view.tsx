import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Placeholder } from "../../components/ui.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { CardioForm } from "./cardio-form.tsx";
import { EntryRow } from "./entry-row.tsx";
import { SessionCard } from "./session-card.tsx";
import { StrengthForm } from "./strength-form.tsx";
import type { DayItem, PersonalRecord } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

type Scheduled = { plan_name: string; workout_preset_id: string; workout_preset_name: string };

/** The presets the active plans put on a day, each started into the diary with one click. */
function PlannedCard(props: { day: string; onStarted: () => void }) {
  const planned = useLoad(
    () => get<Scheduled[]>(`/api/workout-plan-templates/scheduled?date=${props.day}`),
    [props.day],
  );
  const [error, setError] = useState<string | null>(null);
  if (!planned.data?.length) return null;
  const start = (id: string) =>
    post(`/api/workout-presets/${id}/start`, { entry_date: props.day }).then(props.onStarted, (e) =>
      setError(errorMessage(e)),
    );
  return (
    <Card title={t("exercise.planned")}>
      <ul class="list">
        {planned.data.map((p) => (
          <li class="key-row">
            <span>
              {p.workout_preset_name} <small class="hint">· {p.plan_name}</small>
            </span>
            <button type="button" onClick={() => start(p.workout_preset_id)}>
              {t("exercise.start", { name: p.workout_preset_name })}
            </button>
          </li>
        ))}
      </ul>
      <ErrorText error={error} />
    </Card>
  );
}

/** A day's sessions and single entries, and the forms to log more. */
export function DayView({ day }: { day: string }) {
  const items = useLoad(
    () =>
      Promise.all([
        get<DayItem[]>(`/api/v2/exercise-entries/by-date?selectedDate=${day}`),
        get<PersonalRecord[]>("/api/personal-records"),
      ]),
    [day],
  );
  const [list, records] = items.data ?? [];
  return (
    <div class="grid two top">
      {/* The day on the left, the forms to add to it on the right. */}
      <div>
        <Card title={t("exercise.logged")} class="exercise-day">
          {!list || !records ? (
            <Placeholder height={80} />
          ) : list.length === 0 ? (
            <p class="hint">{t("exercise.nothingLogged")}</p>
          ) : (
            <ul class="list">
              {list.map((item) =>
                item.type === "preset" ? (
                  <SessionCard session={item} records={records} onChanged={items.reload} />
                ) : (
                  <EntryRow entry={item} records={records} onChanged={items.reload} />
                ),
              )}
            </ul>
          )}
          <ErrorText error={items.error} />
        </Card>
        <PlannedCard day={day} onStarted={items.reload} />
      </div>
      <div>
        <Card title={t("exercise.logStrength")}>
          <StrengthForm day={day} onSaved={items.reload} />
        </Card>
        <Card title={t("exercise.logCardio")}>
          <CardioForm day={day} onSaved={items.reload} />
        </Card>
      </div>
    </div>
  );
}
