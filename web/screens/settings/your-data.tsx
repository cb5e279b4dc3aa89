import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import { Card, ErrorText } from "../../components/ui.tsx";
import { t, type MessageKey } from "../../i18n/i18n.ts";

/** What each import route answers, as far as this screen tells it. */
type ImportAnswer = {
  tables?: Record<string, { added: number; skipped: number }>;
  files_written?: number;
  read?: number;
  written?: number | Record<string, number>;
  unchanged?: number;
  skipped?: unknown[];
};

const SOURCES: [string, MessageKey, string][] = [
  ["/api/import", "yourData.fromExport", ".zip,application/zip"],
  ["/api/import/myfitnesspal", "yourData.fromMyFitnessPal", ".csv"],
  ["/api/import/cronometer", "yourData.fromCronometer", ".csv"],
  ["/api/import/apple-health", "yourData.fromAppleHealth", ".zip,application/zip"],
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One sentence from any import route's answer: what arrived and what was already here. */
function describeImport(answer: ImportAnswer): string {
  if (answer.tables) {
    const tables = Object.values(answer.tables);
    return t("yourData.added", {
      records: sum(tables.map((table) => table.added)),
      files: answer.files_written ?? 0,
      here: sum(tables.map((table) => table.skipped)),
    });
  }
  const written =
    typeof answer.written === "number" ? answer.written : sum(Object.values(answer.written ?? {}));
  const counts = { read: answer.read ?? 0, written, skipped: answer.skipped?.length ?? 0 };
  return answer.unchanged === undefined
    ? t("yourData.read", counts)
    : t("yourData.readUnchanged", { ...counts, unchanged: answer.unchanged });
}

/** Download everything as a zip; bring data in from this server or another app. */
export function YourData() {
  const [source, setSource] = useState(SOURCES[0]!);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const form = new FormData(event.currentTarget as HTMLFormElement);
      setResult(describeImport(await post<ImportAnswer>(source[0], form)));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Card title={t("yourData.export")}>
        <p>{t("yourData.exportHint")}</p>
        <a class="button" href="/api/export" download>
          {t("yourData.download")}
        </a>
      </Card>
      <Card title={t("yourData.import")}>
        <form class="stack" onSubmit={upload}>
          <label class="field">
            {t("yourData.from")}
            <select
              onChange={(e) =>
                setSource(SOURCES.find(([path]) => path === e.currentTarget.value) ?? SOURCES[0]!)
              }
            >
              {SOURCES.map(([path, label]) => (
                <option value={path}>{t(label)}</option>
              ))}
            </select>
          </label>
          <label class="field">
            {t("yourData.file")}
            <input type="file" name="file" accept={source[2]} required />
          </label>
          <p class="hint">{t("yourData.again")}</p>
          <button type="submit" class="primary" disabled={busy}>
            {busy ? t("yourData.importing") : t("yourData.importButton")}
          </button>
        </form>
        {result && <p role="status">{result}</p>}
        <ErrorText error={error} />
      </Card>
    </>
  );
}
