import { signal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Notice, Page } from "../../components/ui.tsx";
import { AdminTabs } from "./admin-tabs.tsx";
import { t } from "../../i18n/i18n.ts";

type ImportJob = {
  id: string;
  status: "running" | "finished" | "failed";
  source_url: string;
  dry_run: boolean;
  progress: string[];
  summary: string[] | null;
  error: string | null;
};

const PATH = "/api/admin/sparkyfitness-import";
const POLL_MS = 1000;
// An address to copy the shape of, the same in every language.
const SOURCE_EXAMPLE = "postgres://user:password@host:5432/sparkyfitness";

// The screen's state lives in signals, so a job keeps being shown while the admin moves
// between screens and comes back.
const job = signal<ImportJob | null>(null);
const error = signal<string | null>(null);
let polling: ReturnType<typeof setTimeout> | undefined;

function poll(id: string) {
  clearTimeout(polling);
  get<ImportJob>(`${PATH}/${id}`).then(
    (latest) => {
      job.value = latest;
      if (latest.status === "running") polling = setTimeout(() => poll(id), POLL_MS);
    },
    (e) => (error.value = errorMessage(e)),
  );
}

function start(event: Event) {
  event.preventDefault();
  const form = new FormData(event.currentTarget as HTMLFormElement);
  const text = (name: string) => String(form.get(name) ?? "").trim() || null;
  error.value = null;
  post<ImportJob>(PATH, {
    source_url: text("source_url") ?? "",
    uploads_dir: text("uploads_dir"),
    only: text("only"),
    api_key_secret: text("api_key_secret"),
    auth_secret: text("auth_secret"),
    dry_run: form.get("dry_run") === "on",
  }).then(
    (started) => {
      job.value = started;
      poll(started.id);
    },
    (e) => (error.value = errorMessage(e)),
  );
}

/** Imports another SparkyFitness server as a background job, with its progress live. */
export function SparkyFitnessImport() {
  useEffect(() => {
    if (job.value?.status === "running") poll(job.value.id);
    return () => clearTimeout(polling);
  }, []);
  const current = job.value;
  const running = current?.status === "running";
  return (
    <Page title={t("sparkyImport.title")}>
      <AdminTabs current="/import" />
      <Card title={t("sparkyImport.database")}>
        <form class="stack" onSubmit={start}>
          <Field
            label={t("sparkyImport.sourceUrl")}
            name="source_url"
            required
            placeholder={SOURCE_EXAMPLE}
            hint={t("sparkyImport.sourceHint")}
            autoComplete="off"
          />
          <div class="grid two">
            <Field
              label={t("sparkyImport.uploads")}
              name="uploads_dir"
              hint={t("sparkyImport.uploadsHint")}
            />
            <Field label={t("sparkyImport.only")} name="only" type="email" />
            <Field
              label={t("sparkyImport.apiKeySecret")}
              name="api_key_secret"
              type="password"
              autoComplete="off"
              hint={t("sparkyImport.apiKeySecretHint", {
                variable: "SPARKY_FITNESS_API_ENCRYPTION_KEY",
                hex: 64,
                base64: 44,
              })}
            />
            <Field
              label={t("sparkyImport.authSecret")}
              name="auth_secret"
              type="password"
              autoComplete="off"
              hint={t("sparkyImport.authSecretHint", { variable: "BETTER_AUTH_SECRET" })}
            />
          </div>
          <label class="check">
            <input type="checkbox" name="dry_run" /> {t("sparkyImport.dryRun")}
          </label>
          <button type="submit" class="primary" disabled={running}>
            {running ? t("sparkyImport.importing") : t("sparkyImport.start")}
          </button>
          <ErrorText error={error.value} />
        </form>
      </Card>
      {current && <JobProgress job={current} />}
    </Page>
  );
}

function JobProgress({ job: j }: { job: ImportJob }) {
  const status =
    j.status === "running"
      ? t("sparkyImport.running")
      : j.status === "failed"
        ? t("sparkyImport.failed")
        : j.dry_run
          ? t("sparkyImport.dryRunFinished")
          : t("sparkyImport.finished");
  return (
    <Card title={t("sparkyImport.progress")}>
      <Notice>{status}</Notice>
      <ErrorText error={j.error} />
      <pre class="import-log" tabIndex={0} aria-label={t("sparkyImport.progressLines")}>
        {j.progress.join("\n") || t("sparkyImport.waiting")}
      </pre>
      {j.summary && (
        <section aria-label={t("sparkyImport.summary")}>
          <h3>{t("sparkyImport.summary")}</h3>
          <p class="hint">{t("sparkyImport.summaryHint")}</p>
          <pre class="import-log" tabIndex={0} aria-label={t("sparkyImport.summaryLines")}>
            {j.summary.join("\n")}
          </pre>
        </section>
      )}
    </Card>
  );
}
