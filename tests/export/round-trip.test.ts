import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync, zipSync } from "fflate";
import { EXPORTED_TABLES } from "../../src/export/domains.ts";
import { sha256Hex } from "../../src/export/manifest.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import {
  contents,
  exportOf as exportOfArchive,
  importInto as importArchive,
  seedEveryDomain,
} from "./archives.ts";

let ctx: TestContext;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  a = await ctx.createUser("Exporter");
  b = await ctx.createUser("Importer");
  await seedEveryDomain(ctx, a);
}, SETUP_TIMEOUT * 4);
afterAll(() => ctx.close());

const exportOf = (user: TestUser) => exportOfArchive(ctx, user);
const importInto = (user: TestUser, zip: Uint8Array) => importArchive(ctx, user, zip);

describe("export and import of one person's data", () => {
  test("the export holds every domain, CSVs, uploads and a manifest with checksums", async () => {
    const zip = await exportOf(a);
    const names = Object.keys(unzipSync(zip));
    expect(names).toContain("manifest.json");
    expect(names).toContain("data/diary.json");
    expect(names).toContain("csv/food_entries.csv");
    const { tables, files, manifest } = contents(zip);
    expect(manifest.format_version).toBe(1);
    expect(manifest.source_user_id).toBe(a.id);
    const filled = Object.keys(tables).filter((t) => tables[t]!.length > 0);
    // The seeds reach these tables at least; a seed that stops working shows up here.
    for (const table of [
      "foods",
      "food_entries",
      "check_in_measurements",
      "check_in_photos",
      "exercises",
      "exercise_entries",
      "water_entries",
      "sleep_entries",
      "medications",
      "medication_entries",
      "cycles",
      "pregnancies",
      "pregnancy_photos",
      "goal_presets",
    ]) {
      expect(filled).toContain(table);
    }
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(filled.every((t) => EXPORTED_TABLES.has(t))).toBe(true);
  });

  test("import into a new account gives the same data; a second import adds nothing", async () => {
    const original = contents(await exportOf(a));
    const first = await importInto(b, await exportOf(a));
    expect(first.status).toBe(200);
    const summary = await first.json();
    expect(summary.tables.food_entries.added).toBe(original.tables.food_entries!.length);
    const imported = contents(await exportOf(b));
    expect(imported.tables).toEqual(original.tables);
    expect(imported.files).toEqual(original.files);
    // The new ids are mapped consistently: entries point at the importer's own rows.
    const data = (zip: Uint8Array, domain: string) =>
      JSON.parse(new TextDecoder().decode(unzipSync(zip)[`data/${domain}.json`]!));
    const zipB = await exportOf(b);
    const foodIds = data(zipB, "foods").foods.map((f: { id: string }) => f.id);
    const entries = data(zipB, "diary").food_entries as { food_id: string; user_id: string }[];
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(foodIds).toContain(entry.food_id);
      expect(entry.user_id).toBe(b.id);
    }
    const photos = data(zipB, "checkin").check_in_photos as { file_path: string }[];
    for (const photo of photos) expect(photo.file_path).toContain(`/${b.id}/`);

    const second = await importInto(b, await exportOf(a));
    expect(second.status).toBe(200);
    const again = await second.json();
    // The one-per-user settings rows take the archive's values again; nothing else is added.
    const added = Object.entries(again.tables as Record<string, { added: number }>)
      .filter(([, counts]) => counts.added > 0)
      .map(([table]) => table);
    expect(added.sort()).toEqual(["user_preferences", "user_profiles"]);
    expect(contents(await exportOf(b)).tables).toEqual(imported.tables);
  });

  test("a corrupt or tampered zip is a 400 and writes nothing", async () => {
    const c = await ctx.createUser("Target");
    const before = contents(await exportOf(c)).tables;
    const zip = await exportOf(a);
    const truncated = await importInto(c, zip.slice(0, zip.length / 2));
    expect(truncated.status).toBe(400);
    expect((await truncated.json()).error).toBe("The file is not a readable zip archive.");

    const entries = unzipSync(zip);
    entries["data/diary.json"] = new TextEncoder().encode('{"food_entries": []}');
    const tampered = await importInto(c, zipSync(entries));
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).error).toBe(
      "The archive entry data/diary.json is missing or damaged.",
    );
    expect(contents(await exportOf(c)).tables).toEqual(before);
  });

  test("an archive from before containers said `liter` comes in with it", async () => {
    const c = await ctx.createUser("Older archive");
    const entries = unzipSync(await exportOf(a));
    const path = "data/trackers.json";
    const trackers = JSON.parse(new TextDecoder().decode(entries[path]!));
    const [container] = trackers.water_containers;
    expect(container).toBeDefined();
    trackers.water_containers = [{ ...container, unit: "l" }];
    entries[path] = new TextEncoder().encode(JSON.stringify(trackers));
    const manifest = JSON.parse(new TextDecoder().decode(entries["manifest.json"]!));
    Object.assign(
      manifest.entries.find((e: { path: string }) => e.path === path),
      { sha256: sha256Hex(entries[path]!), bytes: entries[path]!.length },
    );
    entries["manifest.json"] = new TextEncoder().encode(JSON.stringify(manifest));
    expect((await importInto(c, zipSync(entries))).status).toBe(200);
    const [row] = await ctx.db.owner<{ unit: string }[]>`
      select unit from water_containers where user_id = ${c.id}`;
    expect(row!.unit).toBe("liter");
  });

  test("importing one's own archive back restores deleted rows and adds nothing else", async () => {
    const zip = await exportOf(a);
    const before = contents(zip).tables;
    const deleted = await ctx.db.owner`delete from water_entries where user_id = ${a.id}`;
    expect(deleted.count).toBeGreaterThan(0);
    const res = await importInto(a, zip);
    expect(res.status).toBe(200);
    expect(contents(await exportOf(a)).tables).toEqual(before);
  });
});
