import { useEffect, useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Placeholder, Select } from "../../components/ui.tsx";
import { locale, t } from "../../i18n/i18n.ts";
import { formatDay, formatDuration, toDay } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";

type Fast = {
  id: string;
  start_time: string;
  end_time: string | null;
  target_end_time: string | null;
  duration_minutes: number | null;
  fasting_type: string | null;
  status: "ACTIVE" | "COMPLETED" | "CANCELLED";
};

const plans = (): [string, string][] => [
  ["16:8", t("trackers.planHours", { plan: "16:8", hours: 16 })],
  ["18:6", t("trackers.planHours", { plan: "18:6", hours: 18 })],
  ["20:4", t("trackers.planHours", { plan: "20:4", hours: 20 })],
  ["OMAD", t("trackers.omad")],
];
/** A fast's plan as the person picked it: "16:8" is the same in every language, OMAD is not. */
const planName = (type: string | null) =>
  type === "OMAD" ? t("trackers.omadShort") : (type ?? t("trackers.fast"));

/** Seconds since `iso`, ticking every second while shown. */
function useElapsed(iso: string | undefined): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, (now - Date.parse(iso)) / 1000) : 0;
}

/** The fasting timer: the running fast against its plan, start and end, recent fasts. */
export function FastingCard() {
  const fasts = useLoad(
    () =>
      Promise.all([
        get<Fast | null>("/api/fasting/current"),
        get<Fast[]>("/api/fasting/history?limit=5"),
      ]),
    [],
  );
  const [error, setError] = useState<string | null>(null);
  const current = fasts.data?.[0];
  const elapsed = useElapsed(current?.start_time);
  const act = (path: string, body: Record<string, unknown>) =>
    post(path, body).then(fasts.reload, (e) => setError(errorMessage(e)));
  const start = (event: Event) => {
    event.preventDefault();
    const plan = new FormData(event.currentTarget as HTMLFormElement).get("fasting_type");
    act("/api/fasting/start", { fasting_type: plan });
  };

  // The height of a card with its five recent fasts, the usual case, so it does not grow.
  if (!fasts.data)
    return (
      <Card title={t("trackers.fasting")}>
        <Placeholder height={320} />
      </Card>
    );
  const target = current?.target_end_time
    ? (Date.parse(current.target_end_time) - Date.parse(current.start_time)) / 1000
    : null;
  return (
    <Card title={t("trackers.fasting")}>
      {current ? (
        <div class="stack">
          <p class="big-figure" role="timer" aria-label={t("trackers.timeFasted")}>
            {formatDuration(elapsed)}
          </p>
          {target && (
            <progress
              max={target}
              value={Math.min(elapsed, target)}
              aria-label={t("trackers.progress")}
            />
          )}
          <p class="hint">
            {t("trackers.fastSince", {
              fast: planName(current.fasting_type),
              since: new Date(current.start_time).toLocaleString(locale.value, {
                dateStyle: "medium",
                timeStyle: "short",
              }),
            })}
          </p>
          <button
            type="button"
            class="primary"
            onClick={() => act("/api/fasting/end", { id: current.id })}
          >
            {t("trackers.endFast")}
          </button>
        </div>
      ) : (
        <form class="inline-field wrap" onSubmit={start}>
          <Select label={t("trackers.plan")} name="fasting_type" options={plans()} />
          <button type="submit" class="primary">
            {t("trackers.startFast")}
          </button>
        </form>
      )}
      <ErrorText error={error ?? fasts.error} />
      <h3>{t("trackers.recentFasts")}</h3>
      {fasts.data[1].every((f) => f.status === "ACTIVE") && (
        <p class="hint">{t("trackers.noFasts")}</p>
      )}
      <ul class="list">
        {fasts.data[1]
          .filter((f) => f.status !== "ACTIVE")
          .map((f) => (
            <li class="key-row">
              <span>{formatDay(toDay(new Date(f.start_time)))}</span>
              <span>
                {planName(f.fasting_type)} · {formatDuration((f.duration_minutes ?? 0) * 60)}
                {f.status === "CANCELLED" && ` · ${t("trackers.cancelled")}`}
              </span>
            </li>
          ))}
      </ul>
    </Card>
  );
}
