import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const entry = {
  entry_date: "2026-03-01",
  meal_type: "lunch",
  food_name: "Apple",
  calories: 95,
  quantity: 1,
  unit: "g",
};

function send(
  user: TestUser,
  key: string | null,
  body: unknown = entry,
  path = "/api/food-entries",
) {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${user.token}`,
    "Content-Type": "application/json",
  };
  if (key !== null) headers["Idempotency-Key"] = key;
  return ctx.request(path, { method: "POST", headers, body: JSON.stringify(body) });
}

async function entriesOn(user: TestUser, date: string): Promise<unknown[]> {
  const response = await ctx.request(`/api/food-entries/by-date/${date}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  return response.json();
}

describe("Idempotency-Key on writes", () => {
  test("a resent write answers the first answer again and stores nothing twice", async () => {
    const user = await ctx.createUser();
    const first = await send(user, "outbox-1");
    expect(first.status).toBe(201);
    const again = await send(user, "outbox-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await entriesOn(user, "2026-03-01")).toHaveLength(1);

    // Without a key, or with another one, a write is a new record as before.
    expect((await send(user, null)).status).toBe(201);
    expect((await send(user, "outbox-2")).status).toBe(201);
    expect(await entriesOn(user, "2026-03-01")).toHaveLength(3);
  });

  test("keys are each person's own: another user's same key is a new write", async () => {
    const [a, b] = [await ctx.createUser(), await ctx.createUser()];
    await send(a, "shared-key");
    const theirs = await send(b, "shared-key");
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await entriesOn(b, "2026-03-01")).toHaveLength(1);
  });

  test("a failed write frees its key; a key reused for another request is refused", async () => {
    const user = await ctx.createUser();
    const bad = await send(user, "retry-me", { ...entry, meal_type: "" });
    expect(bad.status).toBe(400);
    expect((await send(user, "retry-me")).status).toBe(201);
    const other = await send(user, "retry-me", entry, "/api/foods");
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      error: "This Idempotency-Key was used for a different request.",
    });
    const tooLong = await send(user, "k".repeat(201));
    expect(tooLong.status).toBe(400);
    expect(await entriesOn(user, "2026-03-01")).toHaveLength(1);
  });

  test("a key is kept a day: an older one no longer replays", async () => {
    const user = await ctx.createUser();
    await send(user, "yesterday");
    await ctx.db.owner`update idempotency_keys set created_at = now() - interval '25 hours'
                      where actor_id = ${user.id}`;
    const later = await send(user, "yesterday");
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await entriesOn(user, "2026-03-01")).toHaveLength(2);
  });
});
