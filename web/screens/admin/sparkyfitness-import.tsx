import { signal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Notice, Page } from "../../components/ui.tsx";
import { AdminTabs } from "./admin-tabs.tsx";

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
    <Page title="Switch from SparkyFitness">
      <AdminTabs current="/import" />
      <Card title="Import its database">
        <form class="stack" onSubmit={start}>
          <Field
            label="Source database URL"
            name="source_url"
            required
            placeholder="postgres://user:password@host:5432/sparkyfitness"
            hint="Read in one read-only transaction; its password is never stored."
            autoComplete="off"
          />
          <div class="grid two">
            <Field
              label="Uploads directory"
              name="uploads_dir"
              hint="The other server's uploads folder, as this server sees it"
            />
            <Field label="Only this email" name="only" type="email" />
            <Field
              label="Other server's API encryption key"
              name="api_key_secret"
              type="password"
              autoComplete="off"
              hint="SPARKY_FITNESS_API_ENCRYPTION_KEY (64 hex or 44 base64 characters); opens provider credentials"
            />
            <Field
              label="Other server's auth secret"
              name="auth_secret"
              type="password"
              autoComplete="off"
              hint="BETTER_AUTH_SECRET; keeps two-factor sign-in (without it, it is set up again)"
            />
          </div>
          <label class="check">
            <input type="checkbox" name="dry_run" /> Dry run (write nothing, report what would come
            over)
          </label>
          <button type="submit" class="primary" disabled={running}>
            {running ? "Importing…" : "Start import"}
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
      ? "Import running…"
      : j.status === "failed"
        ? "Import failed."
        : j.dry_run
          ? "Dry run finished."
          : "Import finished.";
  return (
    <Card title="Progress">
      <Notice>{status}</Notice>
      <ErrorText error={j.error} />
      <pre class="import-log" tabIndex={0} aria-label="Progress lines">
        {j.progress.join("\n") || "Waiting for the first table…"}
      </pre>
      {j.summary && (
        <section aria-label="Summary">
          <h3>Summary</h3>
          <p class="hint">
            Per table: rows read, written (new here), updated (changed there since the last run) and
            skipped, then why rows were skipped, rows kept because they were changed here, and what
            needs someone's action.
          </p>
          <pre class="import-log" tabIndex={0} aria-label="Summary lines">
            {j.summary.join("\n")}
          </pre>
        </section>
      )}
    </Card>
  );
}
