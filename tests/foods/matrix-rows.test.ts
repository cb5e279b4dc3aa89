import { afterAll, beforeAll, expect, test } from "bun:test";
import { routes } from "../permission-matrix/routes/foods.ts";
import type { MatrixOwner } from "../permission-matrix/types.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

// The family matrix runner checks these rows for every kind of caller; this checks the
// rows themselves: each one, as its owner, answers its okStatus on freshly seeded data.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

test("every foods matrix row answers its okStatus to the owner", async () => {
  const failures: string[] = [];
  for (const row of routes) {
    const user = await ctx.createUser();
    const owner: MatrixOwner = {
      id: user.id,
      token: user.token,
      request: (method, path, body) => ctx.request(path, jsonRequest(method, user.token, body)),
    };
    const seeded = row.seed ? await row.seed(owner) : {};
    const path = typeof row.path === "function" ? row.path(seeded) : row.path;
    const body =
      typeof row.body === "function"
        ? (row.body as (s: typeof seeded) => unknown)(seeded)
        : row.body;
    const response = row.form
      ? await ctx.request(path, {
          method: row.method,
          headers: bearer(user.token),
          body: row.form(seeded),
        })
      : await ctx.request(path, jsonRequest(row.method, user.token, body));
    if (response.status !== (row.okStatus ?? 200))
      failures.push(`${row.method} ${path}: ${response.status} ${await response.text()}`);
  }
  expect(failures).toEqual([]);
}, 120_000);
