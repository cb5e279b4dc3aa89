import { afterAll, beforeAll, expect, test } from "bun:test";
import { EXPORTED_TABLES, NOT_EXPORTED } from "../../src/export/domains.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

test("every table keyed by user_id is exported or left out with a reason", async () => {
  const tables = await ctx.db.owner<{ name: string }[]>`
    select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = current_schema() and c.relkind = 'r' and a.attname = 'user_id'
    order by 1`;
  const undecided = tables
    .map((t) => t.name)
    .filter((name) => !EXPORTED_TABLES.has(name) && !(name in NOT_EXPORTED));
  expect(undecided).toEqual([]);
  for (const name of EXPORTED_TABLES.keys()) expect(tables.map((t) => t.name)).toContain(name);
});
