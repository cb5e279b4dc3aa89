import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { t, tr } from "../../i18n/i18n.ts";
import { addDays, formatDuration, formatTime } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { SleepStages, StageLegend, type StageEvent } from "./sleep-stages.tsx";

type SleepSession = {
  id: string;
  bedtime: string;
  wake_time: string;
  duration_seconds: number;
  time_asleep_seconds: number;
  efficiency: number | null;
  stage_events: StageEvent[];
  source: string;
};

/** The night that ended on the day: its stages, and entering a night by hand. */
export function SleepCard({ day }: { day: string }) {
  const sleep = useLoad(() => get<SleepSession[]>(`/api/sleep?date=${day}`), [day]);
  const [error, setError] = useState<string | null>(null);
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const iso = (name: string) => new Date(String(form.get(name))).toISOString();
    post("/api/sleep", {
      bedtime: iso("bedtime"),
      wake_time: iso("wake_time"),
      entry_date: day,
    }).then(sleep.reload, (e) => setError(errorMessage(e)));
  };
  const remove = (id: string) =>
    del(`/api/sleep/${id}`).then(sleep.reload, (e) => setError(errorMessage(e)));
  return (
    <Card title={t("today.sleep")}>
      {!sleep.data ? (
        <Placeholder height={130} />
      ) : sleep.data.length === 0 ? (
        <p class="hint">{t("trackers.noSleep")}</p>
      ) : (
        sleep.data.map((s) => (
          <div class="stack sleep-session">
            <p>
              {tr("trackers.asleep", {
                duration: (
                  <strong>{formatDuration(s.time_asleep_seconds || s.duration_seconds)}</strong>
                ),
                from: formatTime(s.bedtime),
                to: formatTime(s.wake_time),
              })}
              {s.efficiency != null &&
                ` · ${t("trackers.efficiency", { share: s.efficiency / 100 })}`}
            </p>
            {s.stage_events.length > 0 && (
              <>
                <SleepStages bedtime={s.bedtime} wake={s.wake_time} events={s.stage_events} />
                <StageLegend />
              </>
            )}
            <button type="button" class="link-button" onClick={() => remove(s.id)}>
              {t("trackers.deleteNight")}
            </button>
          </div>
        ))
      )}
      <details>
        <summary>{t("trackers.enterNight")}</summary>
        <form class="inline-field wrap" onSubmit={save}>
          <Field
            label={t("trackers.wentToBed")}
            name="bedtime"
            type="datetime-local"
            required
            defaultValue={`${addDays(day, -1)}T23:00`}
          />
          <Field
            label={t("trackers.wokeUp")}
            name="wake_time"
            type="datetime-local"
            required
            defaultValue={`${day}T07:00`}
          />
          <button type="submit">{t("trackers.saveNight")}</button>
        </form>
      </details>
      <ErrorText error={error ?? sleep.error} />
    </Card>
  );
}
