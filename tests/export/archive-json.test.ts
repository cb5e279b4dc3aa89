import { describe, expect, test } from "bun:test";
import { readJsonMember } from "../../src/export/archive-json.ts";

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe("an archive's JSON members, read on a worker thread", () => {
  test("a 60 MB member of rows comes back whole while the event loop keeps turning", async () => {
    const row = (i: number) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      entry_date: "2024-01-01",
      quantity: i,
      notes: i % 2 ? null : "oats",
    });
    const rows = Array.from({ length: 620_000 }, (_, i) => row(i));
    const bytes = encode({ food_diary_entries: rows, water_entries: [] });
    expect(bytes.length).toBeGreaterThan(60 * 1024 * 1024);
    // Turns of the event loop while the member is read: parsed on this thread it would be
    // none (one synchronous parse); on the worker, and put together in yielding pieces, many.
    let turns = 0;
    let reading = true;
    const counter = (async () => {
      while (reading) {
        await new Promise((resolve) => setImmediate(resolve));
        turns++;
      }
    })();
    const read = await readJsonMember("data/diary.json", bytes, "rows");
    reading = false;
    await counter;
    expect(read!.food_diary_entries).toHaveLength(620_000);
    expect(read!.food_diary_entries![619_999]).toEqual(row(619_999));
    expect(read!.water_entries).toEqual([]);
    expect(turns).toBeGreaterThan(10);
  }, 60_000);

  test("not JSON, or not of the member's shape, is undefined; __proto__ stays a plain key", async () => {
    const bad = new TextEncoder().encode("{not json");
    expect(await readJsonMember("data/a.json", bad, "rows")).toBeUndefined();
    expect(await readJsonMember("data/a.json", encode({ t: [1] }), "rows")).toBeUndefined();
    expect(await readJsonMember("data/a.json", encode([]), "rows")).toBeUndefined();
    expect(await readJsonMember("manifest.json", encode({ format: "x" }), "manifest")).toBe(
      undefined,
    );
    const crafted = new TextEncoder().encode('{"__proto__": [{"polluted": true}]}');
    const read = await readJsonMember("data/a.json", crafted, "rows");
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read!)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
