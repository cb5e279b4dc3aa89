import type { Tx } from "../db.ts";
import type { Row } from "./read-rows.ts";
import type { TableShape } from "./table-shapes.ts";

/**
 * Which id each archive row gets here. Rows imported before (recorded in import_id_map)
 * keep the id they got then; new rows get a new one. Importing one's own archive back
 * keeps every id, so rows still present are found by their primary key.
 */
export class IdMap {
  private readonly byTable = new Map<string, Map<string, string>>();
  /** Rows already imported by an earlier run: skipped this time. */
  private readonly earlier = new Map<string, Set<string>>();
  /** Target ids of the rows this run inserted, by table. */
  private readonly insertedNow = new Map<string, Set<string>>();

  constructor(
    readonly sourceUserId: string,
    readonly targetUserId: string,
  ) {
    this.set("users", sourceUserId, targetUserId);
  }

  get sameAccount(): boolean {
    return this.sourceUserId === this.targetUserId;
  }

  get(table: string, sourceId: unknown): string | undefined {
    return this.byTable.get(table)?.get(String(sourceId));
  }

  /** A uuid from any table (uuids do not collide across tables). */
  getUuid(sourceId: string): string | undefined {
    for (const ids of this.byTable.values()) {
      const found = ids.get(sourceId);
      if (found) return found;
    }
    return undefined;
  }

  importedBefore(table: string, sourceId: unknown): boolean {
    return this.earlier.get(table)?.has(String(sourceId)) ?? false;
  }

  set(table: string, sourceId: string, targetId: string) {
    const ids = this.byTable.get(table) ?? new Map<string, string>();
    ids.set(sourceId, targetId);
    this.byTable.set(table, ids);
  }

  /** A row that was not inserted (a row with its natural key exists): nothing points at it. */
  forget(table: string, sourceId: string) {
    this.byTable.get(table)?.delete(sourceId);
  }

  /** Loads earlier imports of this source account and gives every other row its new id. */
  async assign(tx: Tx, shapes: TableShape[], rows: Map<string, Row[]>) {
    const known = this.sameAccount
      ? []
      : await tx<{ source_table: string; source_id: string; target_id: string }[]>`
          select source_table, source_id, target_id from import_id_map
          where user_id = ${this.targetUserId} and source_user_id = ${this.sourceUserId}`;
    for (const k of known) {
      this.set(k.source_table, k.source_id, k.target_id);
      const seen = this.earlier.get(k.source_table) ?? new Set<string>();
      seen.add(k.source_id);
      this.earlier.set(k.source_table, seen);
    }
    for (const shape of shapes) {
      if (!shape.idType) continue;
      const fresh = (rows.get(shape.name) ?? [])
        .map((row) => String(row.id))
        .filter((id) => !this.importedBefore(shape.name, id));
      const targets = await newIds(tx, shape, fresh, this.sameAccount);
      fresh.forEach((id, i) => this.set(shape.name, id, targets[i]!));
    }
  }

  insertedThisRun(table: string, targetId: unknown): boolean {
    return this.insertedNow.get(table)?.has(String(targetId)) ?? false;
  }

  /** Records the rows this run inserted, so that the next run skips them. */
  async record(tx: Tx, table: string, sourceIds: string[]) {
    const now = this.insertedNow.get(table) ?? new Set<string>();
    for (const id of sourceIds) now.add(this.get(table, id)!);
    this.insertedNow.set(table, now);
    if (this.sameAccount || sourceIds.length === 0) return;
    const rows = sourceIds.map((sourceId) => ({
      user_id: this.targetUserId,
      source_user_id: this.sourceUserId,
      source_table: table,
      source_id: sourceId,
      target_id: this.get(table, sourceId)!,
    }));
    await tx`insert into import_id_map ${tx(rows)} on conflict do nothing`;
  }
}

async function newIds(tx: Tx, shape: TableShape, sourceIds: string[], keep: boolean) {
  if (keep) return sourceIds;
  if (shape.idType === "uuid") return sourceIds.map(() => crypto.randomUUID());
  if (sourceIds.length === 0) return [];
  const drawn = await tx<{ id: string }[]>`
    select nextval(pg_get_serial_sequence(${shape.name}, 'id'))::text as id
    from generate_series(1, ${sourceIds.length})`;
  return drawn.map((d) => d.id);
}
