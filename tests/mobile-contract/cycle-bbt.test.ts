import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS, type AppUser } from "./as-app.ts";

// The phone app saves a basal body temperature as a custom measurement (its cycleApi
// upsertBbt) and reads it back as the cycle log's `bbt`.
const ctx = contractContext();

const DAY = "2026-03-12";

/** upsertBbt as the app runs it: find or create the category, then save or delete. */
async function upsertBbt(as: AppUser, value: number | null) {
  const categories = await appCall(ctx, as, "GET", "/api/measurements/custom-categories");
  let category = categories.body.find((c: { name: string }) => c.name === "basal_body_temperature");
  if (!category) {
    const created = await appCall(ctx, as, "POST", "/api/measurements/custom-categories", {
      name: "basal_body_temperature",
      display_name: "Basal Body Temperature",
      unit: "°C",
    });
    expect(created.status).toBe(201);
    category = created.body;
  }
  if (value === null) {
    const entries = await appCall(ctx, as, "GET", `/api/measurements/custom-entries/${DAY}`);
    const entry = entries.body.find((e: { category_id: string }) => e.category_id === category.id);
    const res = await appCall(ctx, as, "DELETE", `/api/measurements/custom-entries/${entry.id}`);
    expect(res.status).toBe(200);
  } else {
    const res = await appCall(ctx, as, "POST", "/api/measurements/custom-entries", {
      category_id: category.id,
      value: String(value),
      entry_date: DAY,
      source: "manual",
    });
    expect(res.status).toBe(200);
  }
}

for (const credential of CREDENTIALS) {
  describe(`phone app: basal body temperature (${credential})`, () => {
    test("saved as a measurement, read back as the cycle log's bbt; deleting clears it", async () => {
      const as = await appUser(ctx, credential);
      await upsertBbt(as, 36.45);
      const log = await appCall(ctx, as, "GET", `/api/v2/cycle/logs/${DAY}`);
      expect(log.body.bbt).toBe(36.45);
      const range = await appCall(
        ctx,
        as,
        "GET",
        `/api/v2/cycle/logs?startDate=2026-03-01&endDate=2026-03-31`,
      );
      expect(range.body.find((l: { entry_date: string }) => l.entry_date === DAY).bbt).toBe(36.45);
      await upsertBbt(as, 36.7);
      expect((await appCall(ctx, as, "GET", `/api/v2/cycle/logs/${DAY}`)).body.bbt).toBe(36.7);
      await upsertBbt(as, null);
      const cleared = await appCall(ctx, as, "GET", `/api/v2/cycle/logs/${DAY}`);
      expect(cleared.body?.bbt ?? null).toBeNull();
    });
  });
}
