import { useState } from "preact/hooks";
import { errorMessage, post } from "../../../api/client.ts";
import { Card, ErrorText } from "../../../components/ui.tsx";
import { t, tr } from "../../../i18n/i18n.ts";
import { formatDay, formatDuration, formatTime } from "../../../lib/dates.ts";
import type { KickSession } from "./types.ts";

const seconds = (s: KickSession) =>
  s.ended_at ? (Date.parse(s.ended_at) - Date.parse(s.started_at)) / 1000 : null;

/** A kick counting session: start, a tap per kick, finish (then it is saved). */
export function KickCounter(props: {
  pregnancyId: string;
  recent: KickSession[];
  onSaved: () => void;
}) {
  const [startedAt, setStartedAt] = useState<string | null>(null);
  const [kicks, setKicks] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const finish = () => {
    const session = {
      pregnancy_id: props.pregnancyId,
      started_at: startedAt,
      ended_at: new Date().toISOString(),
      kick_count: kicks.length,
      kick_times: kicks,
    };
    post("/api/v2/pregnancy/kicks", session).then(
      () => (setStartedAt(null), setKicks([]), setError(null), props.onSaved()),
      (e) => setError(errorMessage(e)),
    );
  };
  return (
    <Card title={t("pregnancy.kickCounting")}>
      {startedAt ? (
        <div class="inline-field wrap">
          <p class="big-figure" aria-live="polite">
            {t("pregnancy.kicks", { count: kicks.length })}
          </p>
          <button
            type="button"
            class="primary"
            onClick={() => setKicks([...kicks, new Date().toISOString()])}
          >
            {t("pregnancy.kick")}
          </button>
          <button type="button" onClick={finish}>
            {t("pregnancy.finish")}
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setStartedAt(new Date().toISOString())}>
          {t("pregnancy.startCounting")}
        </button>
      )}
      <ErrorText error={error} />
      {props.recent.length > 0 && (
        <ul class="list kick-sessions">
          {props.recent.map((s) => (
            <li>
              {tr("pregnancy.kickSession", {
                when: `${formatDay(s.started_at.slice(0, 10), "short")} ${formatTime(s.started_at)}`,
                kicks: <strong>{t("pregnancy.kicks", { count: s.kick_count })}</strong>,
                duration: <span class="nowrap">{formatDuration(seconds(s))}</span>,
              })}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
