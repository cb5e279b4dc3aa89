/**
 * The worker thread that reads the JSON members of an account archive (`readJsonMember`):
 * parsing and checking a 64 MB member holds a thread over a second. What it sends back is
 * the checked document cut into small JSON texts, which the server's thread parses one at a
 * time between other work (objects sent as they are would take longer to receive than to
 * parse).
 */
import { serveJobs } from "../lib/worker-jobs.ts";
import { manifestSchema } from "./manifest.ts";
import { sharedReferencesSchema } from "./shared-references.ts";

/**
 * data/<domain>.json: rows by table. Checked by hand: a schema's parse would copy every row,
 * and rows are most of an archive.
 */
function checkRows(value: unknown): { success: true; data: unknown } | { success: false } {
  const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
  const valid =
    isObject(value) &&
    Object.values(value as object).every((rows) => Array.isArray(rows) && rows.every(isObject));
  return valid ? { success: true, data: value } : { success: false };
}

const SCHEMAS = {
  manifest: manifestSchema,
  references: sharedReferencesSchema,
  rows: { safeParse: checkRows },
};
export type JsonMemberKind = keyof typeof SCHEMAS;
export type JsonMemberJob = { bytes: Uint8Array; kind: JsonMemberKind };

/** A checked object: its fields other than arrays as one JSON text, each array in pieces. */
export type CutDocument = { fields: string; arrays: [key: string, pieces: string[]][] };

/** Array items per piece: a piece parses in about a millisecond. */
const PIECE_ITEMS = 1000;

serveJobs(({ bytes, kind }: JsonMemberJob): CutDocument | null => {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  const checked = SCHEMAS[kind].safeParse(value);
  if (!checked.success) return null;
  const fields: Record<string, unknown> = {};
  const arrays: CutDocument["arrays"] = [];
  for (const [key, item] of Object.entries(checked.data as object)) {
    if (!Array.isArray(item)) {
      Object.defineProperty(fields, key, { value: item, enumerable: true });
      continue;
    }
    const pieces: string[] = [];
    for (let i = 0; i < item.length; i += PIECE_ITEMS)
      pieces.push(JSON.stringify(item.slice(i, i + PIECE_ITEMS)));
    arrays.push([key, pieces]);
  }
  return { fields: JSON.stringify(fields), arrays };
});
