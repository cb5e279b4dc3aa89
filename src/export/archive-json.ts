import { HttpError } from "../errors.ts";
import { yielder } from "../lib/upload-limits.ts";
import { bundledWorkerUrl, WorkerJobError, WorkerJobs } from "../lib/worker-jobs.ts";
import type { CutDocument, JsonMemberJob, JsonMemberKind } from "./archive-json-worker.ts";
import type { Manifest } from "./manifest.ts";
import type { Row } from "./read-rows.ts";
import type { SharedReferences } from "./shared-references.ts";

type Documents = {
  manifest: Manifest;
  references: SharedReferences;
  rows: Record<string, Row[]>;
};

// The worker entry is built into the binary beside src/main.ts (Makefile, BUILD_ENTRYPOINTS).
const reader = new WorkerJobs<JsonMemberJob, CutDocument | null>({
  url: bundledWorkerUrl("export/archive-json-worker.ts"),
  timeoutMs: 60_000,
  // An archive's members come one after another; the worker's heap goes soon after.
  idleMs: 1_000,
});

/**
 * An archive's JSON member parsed and checked against its schema on a worker thread, then
 * put together here a piece at a time, yielding to other requests between pieces: undefined
 * when it is not JSON of that shape. `path` names the member in errors.
 */
export async function readJsonMember<K extends JsonMemberKind>(
  path: string,
  bytes: Uint8Array,
  kind: K,
): Promise<Documents[K] | undefined> {
  const copy = bytes.slice();
  let cut: CutDocument | null;
  try {
    cut = await reader.run({ bytes: copy, kind }, [copy.buffer]);
  } catch (error) {
    if (error instanceof WorkerJobError)
      throw new HttpError(400, `The archive entry ${path} could not be read: ${error.message}`);
    throw error;
  }
  if (!cut) return undefined;
  const pause = yielder();
  const entries: [string, unknown][] = Object.entries(JSON.parse(cut.fields));
  for (const [key, pieces] of cut.arrays) {
    const items: unknown[] = [];
    for (let i = 0; i < pieces.length; i++) {
      for (const item of JSON.parse(pieces[i]!) as unknown[]) items.push(item);
      pieces[i] = "";
      await pause();
    }
    entries.push([key, items]);
  }
  // Own properties only, "__proto__" included, as JSON.parse makes them.
  return Object.fromEntries(entries) as Documents[K];
}
