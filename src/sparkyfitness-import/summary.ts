/** What an import did, per table: rows read, written and skipped, with the reasons. */
export type TableCounts = { read: number; written: number; skipped: number };

export class ImportSummary {
  readonly tables = new Map<string, TableCounts>();
  readonly skipReasons = new Map<string, number>();
  readonly actions: string[] = [];
  filesCopied = 0;

  constructor(private readonly progress: (line: string) => void) {}

  /** Prints one table's progress line for one user. */
  progressLine(user: string, table: string, counts: TableCounts) {
    this.progress(
      `${user}  ${table}: ${counts.read} read, ${counts.written} written, ${counts.skipped} skipped`,
    );
  }

  /** Adds a table's counts to the totals, once the rows are committed (or a dry run ends). */
  add(table: string, counts: TableCounts) {
    const total = this.tables.get(table) ?? { read: 0, written: 0, skipped: 0 };
    total.read += counts.read;
    total.written += counts.written;
    total.skipped += counts.skipped;
    this.tables.set(table, total);
  }

  skip(reason: string, count = 1) {
    if (count > 0) this.skipReasons.set(reason, (this.skipReasons.get(reason) ?? 0) + count);
  }

  needsAction(message: string) {
    this.actions.push(message);
  }

  /** The closing report: totals per table, skip reasons, files and what needs the user. */
  lines(): string[] {
    const lines = ["Summary:"];
    for (const [table, c] of [...this.tables].sort(([a], [b]) => a.localeCompare(b)))
      lines.push(`  ${table}: ${c.read} read, ${c.written} written, ${c.skipped} skipped`);
    lines.push(`  files copied: ${this.filesCopied}`);
    if (this.skipReasons.size) lines.push("Skipped:");
    for (const [reason, n] of this.skipReasons) lines.push(`  ${n} × ${reason}`);
    if (this.actions.length) lines.push("Needs your action:");
    for (const action of this.actions) lines.push(`  ${action}`);
    return lines;
  }
}
