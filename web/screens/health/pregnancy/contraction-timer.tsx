import { useState } from "preact/hooks";
import { errorMessage, get, post, put } from "../../../api/client.ts";
import { Card, ErrorText, Placeholder } from "../../../components/ui.tsx";
import { t } from "../../../i18n/i18n.ts";
import { formatDuration, formatTime } from "../../../lib/dates.ts";
import { useLoad } from "../../../lib/use-load.ts";

type Contraction = {
  id: string;
  started_at: string;
  ended_at: string | null;
  duration_seconds: number | null;
  interval_seconds: number | null;
};

/** Times contractions: start and stop, with each one's duration and the interval between. */
export function ContractionTimer({ pregnancyId }: { pregnancyId: string }) {
  const path = `/api/v2/pregnancy/contractions?pregnancy_id=${pregnancyId}`;
  const list = useLoad(() => get<{ contractions: Contraction[] }>(path), [pregnancyId]);
  const [error, setError] = useState<string | null>(null);
  const done = (work: Promise<unknown>) =>
    work.then(
      () => (setError(null), list.reload()),
      (e) => setError(errorMessage(e)),
    );
  if (!list.data) return <Placeholder height={120} />;
  const rows = list.data.contractions;
  const running = rows.find((c) => !c.ended_at);
  const stop = (c: Contraction) =>
    done(put(`/api/v2/pregnancy/contractions/${c.id}`, { ended_at: new Date().toISOString() }));
  return (
    <Card title={t("pregnancy.contractionTimer")}>
      {running ? (
        <button type="button" class="primary" onClick={() => stop(running)}>
          {t("pregnancy.stopContraction", { time: formatTime(running.started_at) })}
        </button>
      ) : (
        <button
          type="button"
          onClick={() =>
            done(post("/api/v2/pregnancy/contractions", { pregnancy_id: pregnancyId }))
          }
        >
          {t("pregnancy.startContraction")}
        </button>
      )}
      <ErrorText error={error ?? list.error} />
      {rows.length > 0 && (
        <div
          class="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={t("pregnancy.contractions")}
        >
          <table>
            <thead>
              <tr>
                <th scope="col">{t("pregnancy.started")}</th>
                <th scope="col">{t("pregnancy.duration")}</th>
                <th scope="col">{t("pregnancy.interval")}</th>
              </tr>
            </thead>
            <tbody>
              {[...rows].reverse().map((c) => (
                <tr>
                  <th scope="row">{formatTime(c.started_at)}</th>
                  <td>
                    {c.ended_at ? formatDuration(c.duration_seconds) : t("pregnancy.running")}
                  </td>
                  <td>{formatDuration(c.interval_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
