import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type postgres from "postgres";
import { createSession } from "../../src/credentials/sessions.ts";
import { openUpload } from "../../src/storage/uploads.ts";
import { bearer, type TestContext } from "../helpers/test-app.ts";
import { importSource, openImportSetup, type ImportSetup } from "./import-source.ts";
import {
  REAL_PEOPLE,
  REAL_SECRETS,
  realFixtureAvailable,
  restoreRealFixture,
  type RealSource,
} from "./real-fixture.ts";

// Deletions a re-run carries on the real SparkyFitness 1.6.2 database, for the domains whose
// rows need more than a delete: progress and bump photos (their files) and provider settings
// (those still in use here stay). Daily metrics and samples: second-database-deletions.test.ts.

let setup: ImportSetup;
let t: TestContext;
let source: RealSource;
let src: postgres.Sql;
let alice: { id: string; token: string };

const runImport = (dryRun = false) =>
  importSource(t, source, {
    sourceSecret: REAL_SECRETS.apiEncryptionKey,
    sourceAuthSecret: REAL_SECRETS.betterAuthSecret,
    dryRun,
  });

const photoHere = async (id: string) => {
  const [row] = await t.db.owner<{ file_path: string }[]>`
    select file_path from check_in_photos where id = ${id}`;
  return row?.file_path ?? null;
};
const stored = async (path: string) => (await openUpload(t.config.uploadsDir, path)) !== null;

describe.skipIf(!realFixtureAvailable)("deletions carried from the real SparkyFitness data", () => {
  beforeAll(async () => {
    setup = await openImportSetup(restoreRealFixture);
    ({ t, source, src } = setup);
    await runImport();
    const [row] = await src<{ id: string }[]>`
      select id::text from public."user" where email = ${REAL_PEOPLE.alice.email}`;
    alice = { id: row!.id, token: (await createSession(t.db, row!.id)).token };
  }, 120_000);

  afterAll(() => setup?.close());

  test("a photo deleted there goes here with its file, after the commit; one retaken here stays", async () => {
    type Photo = { id: string; entry_date: string; photo_type: string; file_path: string };
    const photos = await src<Photo[]>`
      select id::text, entry_date::text, photo_type, file_path from public.check_in_photos
       where user_id = ${alice.id} order by entry_date, photo_type`;
    const [gone, retaken, moved] = photos;
    const files = {
      gone: (await photoHere(gone!.id))!,
      retaken: (await photoHere(retaken!.id))!,
      moved: (await photoHere(moved!.id))!,
    };
    for (const path of Object.values(files))
      expect([path, await stored(path)]).toEqual([path, true]);
    // The second is taken again here (its day and angle, through the API); the third moves to
    // another day there.
    const form = new FormData();
    const picture = Bun.file(join(source.uploads, moved!.file_path.replace(/^uploads\//, "")));
    form.append("photo", new File([await picture.arrayBuffer()], "again.jpg"));
    const upload = await t.request(
      `/api/measurements/check-in-photos/${retaken!.entry_date}/${retaken!.photo_type}`,
      { method: "POST", headers: bearer(alice.token), body: form },
    );
    expect(upload.status).toBe(200);
    const retakenHere = (await photoHere(retaken!.id))!;
    expect(retakenHere).not.toBe(files.retaken);
    await src`delete from public.check_in_photos where id in ${src([gone!.id, retaken!.id])}`;
    await src`update public.check_in_photos set entry_date = '2026-11-24' where id = ${moved!.id}`;

    // A dry run deletes nothing, files included.
    const dry = await runImport(true);
    expect(dry.tables.get("check_in_photos")).toMatchObject({ deleted: 1, updated: 1 });
    expect(await photoHere(gone!.id)).toBe(files.gone);
    expect(await stored(files.gone)).toBe(true);
    expect(await stored(files.moved)).toBe(true);

    const rerun = await runImport();
    expect(rerun.tables.get("check_in_photos")).toMatchObject({ deleted: 1, updated: 1 });
    expect(await photoHere(gone!.id)).toBeNull();
    expect(await stored(files.gone)).toBe(false);
    // Moved there: a new copy, the one it replaces gone.
    const movedHere = (await photoHere(moved!.id))!;
    expect(movedHere).not.toBe(files.moved);
    expect([await stored(movedHere), await stored(files.moved)]).toEqual([true, false]);
    // Retaken here: kept with the picture taken here, and listed.
    expect(await photoHere(retaken!.id)).toBe(retakenHere);
    expect(await stored(retakenHere)).toBe(true);
    expect(rerun.conflicts).toContain(
      `${REAL_PEOPLE.alice.email}: check_in_photos ${retaken!.id} deleted there but changed here since the last import; kept`,
    );
    const again = await runImport();
    expect(again.tables.get("check_in_photos")?.deleted).toBeUndefined();
    // Still listed while it stands: a conflict is the person's to settle.
    expect(again.conflicts.filter((c) => c.includes("check_in_photos"))).toHaveLength(1);
  }, 120_000);

  test("a bump photo deleted there goes here with its file", async () => {
    const [bump] = await src<{ id: string }[]>`
      select id::text from public.pregnancy_photos order by id limit 1`;
    const [here] = await t.db.owner<{ file_path: string }[]>`
      select file_path from pregnancy_photos where id = ${bump!.id}`;
    expect(await stored(here!.file_path)).toBe(true);
    await src`delete from public.pregnancy_photos where id = ${bump!.id}`;

    const rerun = await runImport();
    expect(rerun.tables.get("pregnancy_photos")).toMatchObject({ deleted: 1 });
    const [left] = await t.db.owner<{ n: number }[]>`
      select count(*)::int as n from pregnancy_photos where id = ${bump!.id}`;
    expect(left!.n).toBe(0);
    expect(await stored(here!.file_path)).toBe(false);
  }, 120_000);

  test("a provider deleted there goes here, unless in use here or changed here", async () => {
    const providers = await src<{ id: string; provider_type: string }[]>`
      select id::text, provider_type from public.external_data_providers
       where user_id = ${alice.id}`;
    const id = (type: string) => providers.find((p) => p.provider_type === type)!.id;
    // Swiss Food is the default food provider here; Open Food Facts is renamed here.
    await t.db.owner`update user_preferences set default_food_data_provider_id = ${id("swissfood")}
                      where user_id = ${alice.id}`;
    await t.db.owner`update external_providers set provider_name = 'OFF (mine)'
                      where id = ${id("openfoodfacts")}`;
    const gone = ["mealie", "swissfood", "openfoodfacts", "wger"].map(id);
    await src`delete from public.external_data_providers where id in ${src(gone)}`;

    const rerun = await runImport();
    expect(rerun.tables.get("external_data_providers")).toMatchObject({ deleted: 1 });
    const left = await t.db.owner<{ provider_type: string; provider_name: string }[]>`
      select provider_type, provider_name from external_providers
       where user_id = ${alice.id} order by provider_type`;
    // Wger stays: it is her only one, and every account has one.
    expect([...left]).toEqual([
      { provider_type: "free-exercise-db", provider_name: "Free Exercise DB" },
      { provider_type: "openfoodfacts", provider_name: "OFF (mine)" },
      { provider_type: "swissfood", provider_name: "Swiss Food Database" },
      { provider_type: "wger", provider_name: "Wger" },
    ]);
    expect(rerun.conflicts).toContain(
      `${REAL_PEOPLE.alice.email}: external_providers ${id("openfoodfacts")} deleted there but changed here since the last import; kept`,
    );
    // The others' exercise databases (hers, shared there) stay too.
    const [others] = await t.db.owner<{ n: number }[]>`
      select count(*)::int as n from external_providers
       where user_id <> ${alice.id} and provider_type = 'wger'`;
    expect(others!.n).toBe(2);
    const again = await runImport();
    expect(again.tables.get("external_data_providers")?.deleted).toBeUndefined();
  }, 120_000);
});
