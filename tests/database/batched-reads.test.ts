import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { readBatched } from "../../src/database/batched-reads.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe("reads batched into one statement", () => {
  test("the reads of one tick come back as their rows, in their order, under RLS", async () => {
    const [owner, other] = [await ctx.createUser(), await ctx.createUser()];
    await ctx.db.owner`
      insert into check_in_measurements (user_id, entry_date, weight, steps)
      values (${owner.id}, '2026-01-02', 80.5, 9000), (${owner.id}, '2026-01-01', 81, null),
             (${other.id}, '2026-01-01', 60, 100)`;
    const [weights, steps, none] = await ctx.db.withUser(owner.id, (tx) =>
      Promise.all([
        readBatched<{ entry_date: string; weight: number }>(
          tx,
          tx`select entry_date, weight from check_in_measurements order by entry_date`,
        ),
        readBatched<{ steps: number | null }>(
          tx,
          tx`select steps from check_in_measurements order by entry_date desc`,
        ),
        readBatched(tx, tx`select entry_date from check_in_measurements where false`),
      ]),
    );
    // Dates as their text and numbers as numbers, as postgres.js reads them; the other
    // user's row is hidden by RLS.
    expect(weights).toEqual([
      { entry_date: "2026-01-01", weight: 81 },
      { entry_date: "2026-01-02", weight: 80.5 },
    ]);
    expect(steps).toEqual([{ steps: 9000 }, { steps: null }]);
    expect(none).toEqual([]);
  });

  test("a failing batch fails every read in it", async () => {
    const user = await ctx.createUser();
    const outcome = ctx.db.withUser(user.id, (tx) =>
      Promise.all([
        readBatched(tx, tx`select 1 as one`),
        readBatched(tx, tx`select 1 / 0 as boom`),
      ]),
    );
    await expect(outcome).rejects.toThrow("division by zero");
  });
});
