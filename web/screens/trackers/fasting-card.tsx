import { useEffect, useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Placeholder, Select } from "../../components/ui.tsx";
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

const PLANS: [string, string][] = [
  ["16:8", "16:8 (16 hours)"],
  ["18:6", "18:6 (18 hours)"],
  ["20:4", "20:4 (20 hours)"],
  ["OMAD", "One meal a day (23 hours)"],
];

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
      <Card title="Fasting">
        <Placeholder height={320} />
      </Card>
    );
  const target = current?.target_end_time
    ? (Date.parse(current.target_end_time) - Date.parse(current.start_time)) / 1000
    : null;
  return (
    <Card title="Fasting">
      {current ? (
        <div class="stack">
          <p class="big-figure" role="timer" aria-label="Time fasted">
            {formatDuration(elapsed)}
          </p>
          {target && (
            <progress
              max={target}
              value={Math.min(elapsed, target)}
              aria-label="Progress to the goal"
            />
          )}
          <p class="hint">
            {current.fasting_type ?? "Fast"} since {new Date(current.start_time).toLocaleString()}
          </p>
          <button
            type="button"
            class="primary"
            onClick={() => act("/api/fasting/end", { id: current.id })}
          >
            End fast
          </button>
        </div>
      ) : (
        <form class="inline-field wrap" onSubmit={start}>
          <Select label="Plan" name="fasting_type" options={PLANS} />
          <button type="submit" class="primary">
            Start fast
          </button>
        </form>
      )}
      <ErrorText error={error ?? fasts.error} />
      <h3>Recent fasts</h3>
      {fasts.data[1].every((f) => f.status === "ACTIVE") && <p class="hint">No fasts yet.</p>}
      <ul class="list">
        {fasts.data[1]
          .filter((f) => f.status !== "ACTIVE")
          .map((f) => (
            <li class="key-row">
              <span>{formatDay(toDay(new Date(f.start_time)))}</span>
              <span>
                {f.fasting_type ?? "Fast"} · {formatDuration((f.duration_minutes ?? 0) * 60)}
                {f.status === "CANCELLED" && " · cancelled"}
              </span>
            </li>
          ))}
      </ul>
    </Card>
  );
}
