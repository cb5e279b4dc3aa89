import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { applyMigrations } from "../../src/database/migrate.ts";
import { migrations } from "../../src/database/migrations.ts";
import { createScratchPostgres } from "../helpers/scratch-postgres.ts";
import { placeRepresentativeRows, type PlacedRow } from "./representative-rows.ts";

let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
let sql: postgres.Sql;
beforeAll(async () => {
  scratch = await createScratchPostgres();
  sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await sql.end();
  await scratch.close();
});

// Values a migration turns into another form on purpose, with the form each must arrive in.
const CONVERTED: Record<string, (before: unknown) => unknown> = {
  // 00045: an appointment's outcome became an object; a text written before is its notes.
  "health_appointments.outcome": (before) =>
    typeof before === "string" ? { notes: before } : before,
};

// One database walks through every release's schema: after each migration, every table
// that is still empty gets a row, so the rows made under schema k then go through every
// later migration up to the current one, for each k.
test("rows made under every earlier schema survive the migrations to the current one", async () => {
  const placed: { stage: number; row: PlacedRow }[] = [];
  for (const migration of migrations) {
    await applyMigrations(sql, { only: [migration.version] });
    if (migration === migrations.at(-1)) break;
    for (const row of await placeRepresentativeRows(sql, migration.version)) {
      placed.push({ stage: migration.version, row });
    }
  }
  const tablesFilled = new Set(placed.map((p) => p.row.table));
  expect(tablesFilled.size).toBeGreaterThan(40);

  const lost: string[] = [];
  for (const { stage, row } of placed) {
    const found = await sql<{ row: Record<string, unknown> }[]>`
      select to_jsonb(t) as row from ${sql(row.table)} t where to_jsonb(t) @> ${sql.json(row.key as never)}`;
    if (found.length !== 1) {
      lost.push(
        `${row.table} (made at ${stage}): ${found.length} rows match ${JSON.stringify(row.key)}`,
      );
      continue;
    }
    for (const [column, before] of Object.entries(row.values)) {
      if (column === "updated_by" || !(column in found[0]!.row)) continue;
      const after = found[0]!.row[column];
      const expected = CONVERTED[`${row.table}.${column}`]?.(before) ?? before;
      if (JSON.stringify(after) !== JSON.stringify(expected)) {
        lost.push(
          `${row.table}.${column} (made at ${stage}): ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
        );
      }
    }
  }
  expect(lost).toEqual([]);
}, 120_000);
