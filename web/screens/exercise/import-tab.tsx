import { useEffect, useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import type { FileOutcome, ImportJob } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

/** A file's outcome; the server's own words (its error, its note) are shown as they are. */
function describe(o: FileOutcome): string {
  if (o.status === "error")
    return t("exercise.importFailed", { error: o.error ?? t("exercise.unreadable") });
  const what = [o.activity, o.entry_date && formatDay(o.entry_date, "short")].filter(Boolean);
  const status = t("exercise.importStatus", { status: o.status });
  const text = what.length ? t("exercise.importWhat", { status, what: what.join(", ") }) : status;
  return o.note ? `${text}. ${o.note}` : text;
}

/**
 * GPX, TCX and FIT files or zips, dropped or picked: sent as one import job, which is polled
 * until every file has its outcome.
 */
export function ImportTab() {
  const [names, setNames] = useState<string[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  useEffect(() => {
    if (!jobId) return;
    let timer: ReturnType<typeof setTimeout>;
    const poll = () =>
      get<ImportJob>(`/api/exercise-entries/import-jobs/${jobId}`).then(
        (found) => {
          setJob(found);
          if (found.status === "running") timer = setTimeout(poll, 1000);
        },
        (e) => setError(errorMessage(e)),
      );
    poll();
    return () => clearTimeout(timer);
  }, [jobId]);

  const send = (files: File[]) => {
    if (!files.length) return;
    const form = new FormData();
    for (const file of files) form.append("file", file);
    setNames(files.map((f) => f.name));
    setJob(null);
    setError(null);
    post<{ job_id: string }>("/api/exercise-entries/import?wait=false", form).then(
      (started) => setJobId(started.job_id),
      (e) => setError(errorMessage(e)),
    );
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    send([...(event.dataTransfer?.files ?? [])]);
  };
  const outcomes = job?.files ?? [];
  const running = names.length > 0 && !error && job?.status !== "done" && job?.status !== "failed";

  return (
    <Card title={t("exercise.importTitle")}>
      <label
        class={`drop-zone file-drop${over ? " over" : ""}`}
        onDragOver={(e) => (e.preventDefault(), setOver(true))}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span>{t("exercise.importDrop")}</span>
        <small class="hint">{t("exercise.importHint")}</small>
        <input
          type="file"
          multiple
          accept=".gpx,.tcx,.fit,.zip"
          onChange={(e) => {
            const input = e.currentTarget as HTMLInputElement;
            send([...(input.files ?? [])]);
            input.value = "";
          }}
        />
      </label>
      {names.length > 0 && (
        <div aria-live="polite">
          {running && (
            <p>
              {t("exercise.importing", { count: names.length })}{" "}
              {job?.total_files
                ? t("exercise.importProgress", {
                    done: job.processed_files ?? 0,
                    total: job.total_files,
                  })
                : ""}
            </p>
          )}
          {job?.total_files ? (
            <progress
              aria-label={t("exercise.filesImported")}
              max={job.total_files}
              value={job.processed_files ?? 0}
            />
          ) : null}
          <ul class="list import-outcomes">
            {outcomes.map((o) => (
              <li class={`outcome-${o.status}`}>
                <strong>{o.file}</strong> {describe(o)}
              </li>
            ))}
          </ul>
          {job?.status === "done" && (
            <p>
              {t("exercise.importDone")} <a href="#/workouts">{t("exercise.seeWorkouts")}</a>
            </p>
          )}
        </div>
      )}
      <ErrorText error={error} />
    </Card>
  );
}
