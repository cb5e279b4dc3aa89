import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import { Card, ErrorText } from "../../components/ui.tsx";

/** What each import route answers, as far as this screen tells it. */
type ImportAnswer = {
  tables?: Record<string, { added: number; skipped: number }>;
  files_written?: number;
  read?: number;
  written?: number | Record<string, number>;
  unchanged?: number;
  skipped?: unknown[];
};

const SOURCES: [string, string, string][] = [
  ["/api/import", "An export of this server (.zip)", ".zip,application/zip"],
  ["/api/import/myfitnesspal", "MyFitnessPal nutrition or measurement export (.csv)", ".csv"],
  ["/api/import/cronometer", "Cronometer servings export (.csv)", ".csv"],
  ["/api/import/apple-health", "Apple Health export.zip", ".zip,application/zip"],
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One sentence from any import route's answer: what arrived and what was already here. */
function describeImport(answer: ImportAnswer): string {
  if (answer.tables) {
    const tables = Object.values(answer.tables);
    return `Added ${sum(tables.map((t) => t.added))} records and ${answer.files_written ?? 0} files; ${sum(tables.map((t) => t.skipped))} were already here.`;
  }
  const written =
    typeof answer.written === "number" ? answer.written : sum(Object.values(answer.written ?? {}));
  const unchanged = answer.unchanged === undefined ? "" : `, ${answer.unchanged} already here`;
  return `Read ${answer.read ?? 0}: ${written} written${unchanged}, ${answer.skipped?.length ?? 0} skipped.`;
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
      <Card title="Export">
        <p>
          One zip with every record you keep here (JSON and CSV per kind of data), your photos and
          files, and a manifest with checksums.
        </p>
        <a class="button" href="/api/export" download>
          Download my data
        </a>
      </Card>
      <Card title="Import">
        <form class="stack" onSubmit={upload}>
          <label class="field">
            From
            <select
              onChange={(e) =>
                setSource(SOURCES.find(([path]) => path === e.currentTarget.value) ?? SOURCES[0]!)
              }
            >
              {SOURCES.map(([path, label]) => (
                <option value={path}>{label}</option>
              ))}
            </select>
          </label>
          <label class="field">
            File
            <input type="file" name="file" accept={source[2]} required />
          </label>
          <p class="hint">Importing the same file again adds nothing.</p>
          <button type="submit" class="primary" disabled={busy}>
            {busy ? "Importing…" : "Import"}
          </button>
        </form>
        {result && <p role="status">{result}</p>}
        <ErrorText error={error} />
      </Card>
    </>
  );
}
