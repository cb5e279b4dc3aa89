/**
 * PostgreSQL's COPY text format, read back into field values. Backups are written with
 * `COPY ... TO STDOUT` on both engines; restore turns the rows into INSERTs because the
 * embedded engine's socket cannot take `COPY FROM STDIN`, and a forced-RLS table refuses
 * COPY FROM for its (non-superuser) owner.
 */

const ESCAPES: Record<string, string> = {
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
};

/** Splits a COPY text stream into rows of fields (null for `\N`). */
export async function* readCopyRows(
  chunks: AsyncIterable<Uint8Array>,
): AsyncGenerator<(string | null)[]> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) yield line.split("\t").map(decodeField);
  }
  pending += decoder.decode();
  if (pending !== "") throw new Error("A table's data ends in the middle of a row.");
}

function decodeField(field: string): string | null {
  if (field === "\\N") return null;
  if (!field.includes("\\")) return field;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
    if (code[0] === "x") return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return ESCAPES[code] ?? code;
  });
}
