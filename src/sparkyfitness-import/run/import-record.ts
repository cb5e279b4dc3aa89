import type { Tx } from "../../db.ts";

/**
 * What a re-run of the SparkyFitness import compares, kept in import_id_map (the source
 * account is the same account here, the table is named `sparkyfitness.<table here>`): per
 * imported row, its id here (the source's, unless this server numbers the row itself), a
 * digest of the source's value as last imported, and a digest of this server's row right
 * after that import.
 */
const sourceTable = (target: string) => `sparkyfitness.${target}`;
const RECORDS_PER_STATEMENT = 4000;
// Tables holding one row per account, found by its user rather than by an id of its own.
const ONE_PER_ACCOUNT = new Set(["user_profiles", "user_preferences", "chat_user_settings"]);
/** How a row of `target` is named in the record: by its id, its user, or its key (samples). */
const keyOf = (tx: Tx, target: string) =>
  ONE_PER_ACCOUNT.has(target)
    ? tx`t.user_id::text`
    : target === "health_metric_samples"
      ? tx`concat_ws('/', t.user_id, t.metric, t.source, t.sample_date)`
      : tx`t.id::text`;

/** A per-day sample row's name in the record (see keyOf). */
export const sampleDayKey = (userId: string, metric: string, source: string, day: string) =>
  [userId, metric, source, day].join("/");

/**
 * A digest of the written columns of this server's rows, by id: the same as recorded after
 * the last import unless someone changed the row here since.
 */
export async function targetDigests(
  tx: Tx,
  target: string,
  ids: string[],
  columns: string[],
): Promise<Map<string, string>> {
  const key = keyOf(tx, target);
  const rows = await tx<{ id: string; digest: string }[]>`
    select ${key} as id,
           md5((select coalesce(jsonb_object_agg(e.key, e.value), '{}')
                  from jsonb_each(to_jsonb(t)) e where e.key = any(${columns}::text[]))::text) as digest
      from ${tx(target)} t where ${key} = any(${ids}::text[])`;
  return new Map(rows.map((r) => [r.id, r.digest]));
}

/** A row's digests as the last import recorded them, and its id here. */
export type ImportedDigests = { source: string | null; target: string | null; hereId: string };

/** What the last import recorded of these rows, by the source's id. */
export async function importedDigests(
  tx: Tx,
  userId: string,
  target: string,
  ids: string[],
): Promise<Map<string, ImportedDigests>> {
  const rows = await tx<(ImportedDigests & { id: string })[]>`
    select source_id as id, source_digest as source, target_digest as target,
           target_id as "hereId"
      from import_id_map
     where user_id = ${userId} and source_user_id = ${userId}
       and source_table = ${sourceTable(target)} and source_id = any(${ids}::text[])`;
  return new Map(rows.map(({ id, ...recorded }) => [id, recorded]));
}

/** Every row of a table the import recorded for this user: the id here by the source's id. */
export async function importedIds(
  tx: Tx,
  userId: string,
  target: string,
): Promise<Map<string, string>> {
  const rows = await tx<{ id: string; hereId: string }[]>`
    select source_id as id, target_id as "hereId" from import_id_map
     where user_id = ${userId} and source_user_id = ${userId}
       and source_table = ${sourceTable(target)}`;
  return new Map(rows.map((r) => [r.id, r.hereId]));
}

/**
 * Records the source digest of rows just written, and the digest of each row here now;
 * `hereId` is the row's id here when it is not the source's.
 */
export async function recordImported(
  tx: Tx,
  userId: string,
  target: string,
  columns: string[],
  rows: { id: string; source: string; hereId?: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  const hereId = (r: { id: string; hereId?: string }) => r.hereId ?? r.id;
  const now = await targetDigests(tx, target, rows.map(hereId), columns);
  const records = rows.map((r) => ({
    user_id: userId,
    source_user_id: userId,
    source_table: sourceTable(target),
    source_id: r.id,
    target_id: hereId(r),
    source_digest: r.source,
    target_digest: now.get(hereId(r)) ?? null,
  }));
  // Seven parameters a row: batches stay well under the protocol's 65,535 per statement.
  for (let i = 0; i < records.length; i += RECORDS_PER_STATEMENT)
    await tx`
      insert into import_id_map ${tx(records.slice(i, i + RECORDS_PER_STATEMENT))}
      on conflict (user_id, source_user_id, source_table, source_id) do update
        set source_digest = excluded.source_digest, target_digest = excluded.target_digest`;
}

/** Forgets a row the source no longer has (deleted here too, or gone here already). */
export async function forgetImported(tx: Tx, userId: string, target: string, sourceId: string) {
  await tx`
    delete from import_id_map
     where user_id = ${userId} and source_user_id = ${userId}
       and source_table = ${sourceTable(target)} and source_id = ${sourceId}`;
}
