import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
// bunfig's test timeout does not reach hooks; an embedded database can take over 5 s to start.
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe("row-level security", () => {
  test("withUser(A) cannot see or change B's rows even without a WHERE clause", async () => {
    const a = await ctx.createUser("A");
    const b = await ctx.createUser("B");
    await ctx.db.withUser(
      b.id,
      (tx) =>
        tx`insert into check_in_measurements (user_id, entry_date, weight) values (${b.id}, '2026-01-01', 80)`,
    );

    const seen = await ctx.db.withUser(a.id, (tx) => tx`select user_id from check_in_measurements`);
    expect(seen.length).toBe(0);
    const users = await ctx.db.withUser(a.id, (tx) => tx<{ id: string }[]>`select id from users`);
    expect(users.map((u) => u.id)).toEqual([a.id]);

    const updated = await ctx.db.withUser(
      a.id,
      (tx) => tx`update check_in_measurements set weight = 1`,
    );
    expect(updated.count).toBe(0);
    const deleted = await ctx.db.withUser(a.id, (tx) => tx`delete from check_in_measurements`);
    expect(deleted.count).toBe(0);
    await expect(
      ctx.db.withUser(
        a.id,
        (tx) =>
          tx`insert into check_in_measurements (user_id, entry_date) values (${b.id}, '2026-01-02')`,
      ),
    ).rejects.toThrow(/row-level security/);

    const [still] = await ctx.db.withUser(
      b.id,
      (tx) => tx<{ weight: number }[]>`select weight from check_in_measurements`,
    );
    expect(still!.weight).toBe(80);
  });

  test("request transactions run as the application role, which cannot bypass RLS", async () => {
    const a = await ctx.createUser();
    const [role] = await ctx.db.withUser(
      a.id,
      (tx) => tx<{ current_user: string; bypass: boolean; owns: number }[]>`
      select current_user,
             (select rolbypassrls or rolsuper from pg_roles where rolname = current_user) as bypass,
             (select count(*)::int from pg_tables where tableowner = current_user) as owns`,
    );
    expect(role).toEqual({ current_user: "fitness_app", bypass: false, owns: 0 });
  });

  test("without a user, the application role sees no user data", async () => {
    await ctx.createUser();
    const rows = await ctx.db.withAnonymous((tx) => tx`select id from users`);
    expect(rows.length).toBe(0);
  });

  test("every table the application role can read has RLS enabled and forced", async () => {
    const tables = await ctx.db.owner<{ relname: string; rls: boolean; forced: boolean }[]>`
      select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and has_table_privilege('fitness_app', c.oid, 'select')`;
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables)
      expect({ table: t.relname, rls: t.rls, forced: t.forced }).toEqual({
        table: t.relname,
        rls: true,
        forced: true,
      });
  });
});
