/**
 * What an import did, per table: rows read, written (new here), updated (brought to the
 * source's current value by a re-run; only tables written through copy-rows.ts), deleted
 * (gone there since an earlier run; only where copy-rows.ts carries deletions) and skipped,
 * with the reasons.
 */
export type TableCounts = {
  read: number;
  written: number;
  updated?: number;
  deleted?: number;
  skipped: number;
};
type Totals = Required<Omit<TableCounts, "deleted">> & { deleted?: number };

export class ImportSummary {
  readonly tables = new Map<string, Totals>();
  /** Why rows were skipped, keyed `<table>: <reason>` while a table is imported. */
  readonly skipReasons = new Map<string, number>();
  readonly actions: string[] = [];
  /** Rows changed here since the last import, kept as they are. */
  readonly conflicts: string[] = [];
  /** The files copied for users whose import was kept, each counted once. */
  private readonly files = new Set<string>();

  private table: string | null = null;

  constructor(private readonly progress: (line: string) => void) {}

  /** Names the table whose rows the skips that follow belong to; null for none. */
  inTable(table: string | null) {
    this.table = table;
  }

  /** Prints one table's progress line for one user. */
  progressLine(user: string, table: string, counts: TableCounts) {
    this.progress(`${user}  ${table}: ${countsText(counts)}`);
  }

  /** Adds a table's counts to the totals, once the rows are committed (or a dry run ends). */
  add(table: string, counts: TableCounts) {
    const total = this.tables.get(table) ?? { read: 0, written: 0, updated: 0, skipped: 0 };
    total.read += counts.read;
    total.written += counts.written;
    total.updated += counts.updated ?? 0;
    if (counts.deleted) total.deleted = (total.deleted ?? 0) + counts.deleted;
    total.skipped += counts.skipped;
    this.tables.set(table, total);
  }

  /** Counts a user's copied files, once that user's rows are committed. */
  addFiles(paths: string[]) {
    for (const path of paths) this.files.add(path);
  }

  get filesCopied(): number {
    return this.files.size;
  }

  /**
   * Returns a function that forgets the skips, conflicts and actions recorded since: for a
   * user whose rows were all rolled back, whose counts never reach the totals either.
   */
  mark(): () => void {
    const skips = new Map(this.skipReasons);
    const [conflicts, actions] = [this.conflicts.length, this.actions.length];
    return () => {
      this.skipReasons.clear();
      for (const [reason, n] of skips) this.skipReasons.set(reason, n);
      this.conflicts.length = conflicts;
      this.actions.length = actions;
    };
  }

  skip(reason: string, count = 1) {
    const key = this.table ? `${this.table}: ${reason}` : reason;
    if (count > 0) this.skipReasons.set(key, (this.skipReasons.get(key) ?? 0) + count);
  }

  needsAction(message: string) {
    this.actions.push(message);
  }

  conflict(message: string) {
    this.conflicts.push(message);
  }

  /** The closing report: totals per table, skip reasons, files and what needs the user. */
  lines(): string[] {
    const lines = ["Summary:"];
    for (const [table, c] of [...this.tables].sort(([a], [b]) => a.localeCompare(b)))
      lines.push(`  ${table}: ${countsText(c)}`);
    lines.push(`  files copied: ${this.filesCopied}`);
    if (this.skipReasons.size) lines.push("Skipped:");
    for (const [reason, n] of this.skipReasons) lines.push(`  ${n} × ${reason}`);
    if (this.conflicts.length) lines.push("Changed here since the last import (kept):");
    for (const conflict of this.conflicts) lines.push(`  ${conflict}`);
    if (this.actions.length) lines.push("Needs your action:");
    for (const action of this.actions) lines.push(`  ${action}`);
    return lines;
  }
}

const countsText = (c: TableCounts) =>
  `${c.read} read, ${c.written} written, ${c.updated ?? 0} updated, ${c.skipped} skipped` +
  (c.deleted ? `, ${c.deleted} deleted` : "");
