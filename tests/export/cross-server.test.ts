import { afterAll, beforeAll, expect, test } from "bun:test";
import { unzipSync, zipSync } from "fflate";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import {
  bearer,
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";
import { contents, exportOf, importInto, seedEveryDomain } from "./archives.ts";

// Issue 37, finding 6: an export imported on another server. Two databases stand for the
// two servers; the built-in meal types and the exercise catalogue have other ids on each
// (this one's copies of them come from the same template, so the target's get new ids, as
// another server's independent migrations would have drawn).
let source: TestContext;
let target: TestContext;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  [source, target] = [await createTestContext(), await createTestContext()];
  await target.db.owner`update meal_types set id = gen_random_uuid() where user_id is null`;
  a = await source.createUser("Exporter");
  b = await target.createUser("Importer");
  await seedEveryDomain(source, a);
  await logCatalogueStrength(source, a);
}, SETUP_TIMEOUT * 4);

/** A strength entry with sets (and so personal records) on a catalogue exercise. */
async function logCatalogueStrength(ctx: TestContext, user: TestUser) {
  const search = await ctx.request("/api/exercises/search?searchTerm=bench", {
    headers: bearer(user.token),
  });
  expect(search.status).toBe(200); // also installs the catalogue
  const [exercise] = await ctx.db.owner<{ id: string }[]>`
    select id::text as id from exercises
    where user_id is null and source = 'catalogue' order by source_id limit 1`;
  const res = await ctx.request(
    "/api/exercise-entries",
    jsonRequest("POST", user.token, {
      exercise_id: exercise!.id,
      entry_date: "2026-03-03",
      sets: [
        { reps: 8, weight: 60 },
        { reps: 5, weight: 70 },
      ],
    }),
  );
  expect(res.status).toBe(201);
}
afterAll(async () => {
  await source.close();
  await target.close();
});

const data = (zip: Uint8Array, domain: string) =>
  JSON.parse(new TextDecoder().decode(unzipSync(zip)[`data/${domain}.json`]!));

test("the diary, strength work and images arrive; shared rows are found by natural key", async () => {
  const zip = await exportOf(source, a);
  const original = contents(zip);
  // The seeds write into built-in meal types and catalogue exercises.
  const shared = JSON.parse(new TextDecoder().decode(unzipSync(zip)["shared/references.json"]!));
  expect(shared.meal_types.length).toBeGreaterThan(0);
  expect(shared.exercises.length).toBeGreaterThan(0);

  const res = await importInto(target, b, zip);
  expect(res.status).toBe(200);
  const summary = (await res.json()) as { tables: Record<string, { skipped: number }> };
  const skipped = Object.entries(summary.tables).filter(([, counts]) => counts.skipped > 0);
  expect(skipped).toEqual([]);

  const imported = await exportOf(target, b);
  expect(contents(imported).tables).toEqual(original.tables);
  expect(contents(imported).files).toEqual(original.files);

  // Each entry points at the target's own built-in meal type of the same name.
  const mealTypes = await target.db.owner<{ id: string; name: string }[]>`
    select id::text as id, name from meal_types where user_id is null`;
  const byName = new Map(mealTypes.map((m) => [m.id, m.name]));
  const sourceNames = new Map(
    (shared.meal_types as { id: string; name: string }[]).map((m) => [m.id, m.name]),
  );
  const before = data(zip, "diary").food_entries as { meal_type_id: string; entry_date: string }[];
  const after = data(imported, "diary").food_entries as typeof before;
  const names = (entries: typeof before, lookup: Map<string, string>) =>
    entries.map((e) => `${e.entry_date} ${lookup.get(e.meal_type_id) ?? e.meal_type_id}`).sort();
  expect(names(after, byName)).toEqual(names(before, sourceNames));
}, 120_000);

test("an archive whose shared references are malformed is a 400 and writes nothing", async () => {
  const entries = unzipSync(await exportOf(source, a));
  const bad = new TextEncoder().encode('{"meal_types": [{"id": 1}]}');
  entries["shared/references.json"] = bad;
  const manifest = JSON.parse(new TextDecoder().decode(entries["manifest.json"]!));
  for (const entry of manifest.entries as { path: string; bytes: number; sha256: string }[]) {
    if (entry.path !== "shared/references.json") continue;
    entry.bytes = bad.length;
    entry.sha256 = new Bun.CryptoHasher("sha256").update(bad).digest("hex");
  }
  entries["manifest.json"] = new TextEncoder().encode(JSON.stringify(manifest));
  const c = await target.createUser("Untouched");
  const before = contents(await exportOf(target, c)).tables;
  const res = await importInto(target, c, zipSync(entries));
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    error: "The archive entry shared/references.json is not valid.",
  });
  expect(contents(await exportOf(target, c)).tables).toEqual(before);
});
