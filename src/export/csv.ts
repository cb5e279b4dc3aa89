/** Rows with the same keys as one CSV text (RFC 4180), arrays and objects as JSON. */
export function rowsToCsv(rows: Record<string, unknown>[]): string {
  const columns = rows.length ? Object.keys(rows[0]!) : [];
  const lines = [columns.map(csvField).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(","));
  return lines.join("\r\n") + "\r\n";
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
