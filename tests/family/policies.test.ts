import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FamilyPermission, GrantFlag } from "../../src/http/permissions.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import {
  GRANT_FLAGS,
  PERMISSION_WORDS,
  tableAllows,
} from "../permission-matrix/permission-table.ts";

// No HTTP and no WHERE: the application role's transactions, with app.user_id the owner and
// app.actor_id the delegate, against the policies alone.

let ctx: TestContext;
let owner: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.createUser("Owner");
  await ctx.db.withUser(owner.id, async (tx) => {
    await tx`insert into check_in_measurements (user_id, entry_date, weight) values (${owner.id}, '2026-03-01', 70)`;
    await tx`insert into check_in_photos (user_id, entry_date, photo_type, file_path, mime_type)
             values (${owner.id}, '2026-03-01', 'front', 'check-in/x.png', 'image/png')`;
  });
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

type GrantSpec = { flags: GrantFlag[]; active?: boolean; ended?: boolean } | null;

async function delegateWith(spec: GrantSpec): Promise<string> {
  const delegate = await ctx.createUser();
  if (spec) {
    const flags = Object.fromEntries(GRANT_FLAGS.map((f) => [f, spec.flags.includes(f)]));
    await ctx.db.owner`
      insert into family_access ${ctx.db.owner({
        owner_user_id: owner.id,
        delegate_user_id: delegate.id,
        ...flags,
        is_active: spec.active ?? true,
        access_end_date: spec.ended
          ? new Date(Date.now() - 1000)
          : new Date(Date.now() + 3_600_000),
      })}`;
  }
  return delegate.id;
}

const asDelegate = <T>(actor: string, fn: Parameters<TestContext["db"]["withUser"]>[1]) =>
  ctx.db.withUser(owner.id, fn, actor) as Promise<T>;

async function countRows(actor: string, table: "check_in_measurements" | "check_in_photos") {
  const rows = await asDelegate<unknown[]>(actor, (tx) => tx`select id from ${tx(table)}`);
  return rows.length;
}

async function tryWrite(actor: string): Promise<boolean> {
  const updated = await asDelegate<{ count: number }>(
    actor,
    (tx) => tx`update check_in_measurements set weight = weight`,
  );
  let inserted = true;
  await asDelegate(
    actor,
    (tx) =>
      tx`insert into check_in_measurements (user_id, entry_date) values (${owner.id}, '1999-01-01')`,
  ).catch(() => (inserted = false));
  if (inserted)
    await ctx.db.owner`delete from check_in_measurements where entry_date = '1999-01-01'`;
  expect(updated.count > 0).toBe(inserted);
  return inserted;
}

describe("policies alone decide what a delegate reaches", () => {
  const cases: [string, GrantSpec, { read: boolean; write: boolean; photos: boolean }][] = [
    [
      "can_manage_checkin",
      { flags: ["can_manage_checkin"] },
      { read: true, write: true, photos: true },
    ],
    [
      "only can_view_reports",
      { flags: ["can_view_reports"] },
      { read: true, write: false, photos: false },
    ],
    [
      "an unrelated permission",
      { flags: ["can_view_food_library"] },
      { read: false, write: false, photos: false },
    ],
    [
      "an ended grant",
      { flags: ["can_manage_checkin"], ended: true },
      { read: false, write: false, photos: false },
    ],
    [
      "an inactive grant",
      { flags: ["can_manage_checkin"], active: false },
      { read: false, write: false, photos: false },
    ],
    ["no grant", null, { read: false, write: false, photos: false }],
  ];
  for (const [name, spec, expected] of cases) {
    test(`${name}: reads ${expected.read}, writes ${expected.write}, photos ${expected.photos}`, async () => {
      const actor = await delegateWith(spec);
      expect(await countRows(actor, "check_in_measurements")).toBe(expected.read ? 1 : 0);
      expect(await countRows(actor, "check_in_photos")).toBe(expected.photos ? 1 : 0);
      expect(await tryWrite(actor)).toBe(expected.write);
    });
  }

  test("the owner reads and writes their own rows", async () => {
    expect(await countRows(owner.id, "check_in_measurements")).toBe(1);
    expect(await tryWrite(owner.id)).toBe(true);
  });

  test("an end date takes effect by itself, with no job running", async () => {
    const actor = await delegateWith({ flags: ["can_manage_checkin"] });
    expect(await countRows(actor, "check_in_measurements")).toBe(1);
    await ctx.db
      .owner`update family_access set access_end_date = now() where delegate_user_id = ${actor}`;
    expect(await countRows(actor, "check_in_measurements")).toBe(0);
  });

  test("app_grant_allows matches the spec's table for every flag, word, read and write", async () => {
    const mismatches: string[] = [];
    for (const flag of GRANT_FLAGS) {
      const actor = await delegateWith({ flags: [flag] });
      const rows = await asDelegate<{ word: FamilyPermission; read: boolean; write: boolean }[]>(
        actor,
        (tx) => tx`
          select w as word, app_grant_allows(w, false) as read, app_grant_allows(w, true) as write
            from unnest(${PERMISSION_WORDS}::text[]) as w`,
      );
      for (const row of rows) {
        for (const write of [false, true]) {
          const got = write ? row.write : row.read;
          if (got !== tableAllows([flag], row.word, write)) {
            mismatches.push(`${flag} ${row.word} ${write ? "write" : "read"}: SQL says ${got}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
