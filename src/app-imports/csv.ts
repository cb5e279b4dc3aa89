import { UPLOAD_LIMITS, UploadLimitError } from "../lib/upload-limits.ts";

const [QUOTE, COMMA, LF, CR] = [34, 44, 10, 13];

/** A CSV file that cannot be read as the export it claims to be; answered as a 400. */
export class ImportFormatError extends Error {}

/**
 * Parses RFC 4180 CSV text: quoted fields (with "" escapes, commas and line breaks inside),
 * CRLF or LF line ends, an optional UTF-8 byte-order mark. Blank lines are dropped. More
 * rows or columns than UPLOAD_LIMITS allows: UploadLimitError.
 */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  const tooWide = () =>
    new UploadLimitError(`The CSV file has more than ${UPLOAD_LIMITS.csvColumns} columns.`);
  // Field by field, slicing rather than adding a character at a time (ten megabytes of
  // text would take seconds so).
  let i = 0;
  while (i < input.length || row.length > 0) {
    let field = "";
    if (input.charCodeAt(i) === QUOTE) {
      for (i++; ;) {
        const close = input.indexOf('"', i);
        if (close < 0) throw new ImportFormatError("The CSV file ends inside a quoted field.");
        field += input.slice(i, close);
        i = close + 1;
        if (input.charCodeAt(i) !== QUOTE) break;
        field += '"';
        i++;
      }
    }
    let end = i;
    while (end < input.length && input.charCodeAt(end) !== COMMA && input.charCodeAt(end) !== LF)
      end++;
    const lineEnd = end >= input.length || input.charCodeAt(end) === LF;
    // A CR is dropped only as part of a CRLF line end.
    field += input.slice(i, lineEnd && input.charCodeAt(end - 1) === CR && end > i ? end - 1 : end);
    if (row.push(field) > UPLOAD_LIMITS.csvColumns) throw tooWide();
    i = end + 1;
    if (!lineEnd) continue;
    if (row.length > 1 || row[0] !== "") rows.push(row);
    if (rows.length > UPLOAD_LIMITS.csvRows + 1)
      throw new UploadLimitError(`The CSV file has more than ${UPLOAD_LIMITS.csvRows} rows.`);
    row = [];
  }
  return rows;
}

/**
 * The rows as objects keyed by the (trimmed) header of the first row, holding only the
 * `columns` the caller reads (a row object per cell of a wide file is what a crafted one
 * would cost).
 */
export function csvRecords(
  text: string,
  columns: readonly string[],
): { headers: string[]; records: Record<string, string>[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new ImportFormatError("The CSV file is empty.");
  const headers = header.map((h) => h.trim());
  const read = columns
    .map((name) => [name, headers.indexOf(name)] as const)
    .filter(([, at]) => at >= 0);
  const records = rows.map((cells) =>
    Object.fromEntries(read.map(([name, at]) => [name, (cells[at] ?? "").trim()])),
  );
  return { headers, records };
}

/** Throws unless every one of `required` is among the headers. */
export function requireHeaders(headers: string[], required: string[], what: string) {
  const missing = required.filter((h) => !headers.includes(h));
  if (missing.length)
    throw new ImportFormatError(
      `Not a ${what} export: missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
    );
}
