import { insertNew } from "./copy-rows.ts";
import { userRows, type TableImporter, type UserImport } from "./context.ts";
import { SOURCE } from "./trackers.ts";

type SourceContainer = {
  id: number;
  name: string;
  volume: number;
  unit: string;
  is_primary: boolean;
  servings_per_container: number;
};

// That server stores a container's volume in millilitres whatever unit it shows; here the
// volume is in the unit shown.
const ML_PER_UNIT: Record<string, number> = { ml: 1, l: 1000, oz: 29.5735 };
const unitHere = (unit: string) => (unit === "liter" ? "l" : unit in ML_PER_UNIT ? unit : "ml");

/**
 * Water containers: this server numbers them itself, so each is found again by name (a
 * second run adds none) and the other server's numbers are mapped for the drinks.
 */
async function importContainers(u: UserImport) {
  const rows = await userRows(
    u,
    () => u.src<SourceContainer[]>`
      select id, name, volume::float8, unit, coalesce(is_primary, false) as is_primary,
             coalesce(servings_per_container, 1) as servings_per_container
        from public.user_water_containers where user_id = ${u.userId} order by id`,
    "public.user_water_containers",
  );
  const ids = new Map<number, number>();
  let written = 0;
  for (const c of rows) {
    const name = c.name.slice(0, 100);
    const [known] = await u.tx<{ id: number }[]>`
      select id from water_containers where user_id = ${u.userId} and name = ${name}`;
    if (known) {
      ids.set(c.id, known.id);
      continue;
    }
    const unit = unitHere(c.unit);
    // One primary per person: a primary container already here stays the primary one.
    const [made] = await u.tx<{ id: number }[]>`
      insert into water_containers (user_id, name, volume, unit, is_primary, servings_per_container)
      values (${u.userId}, ${name}, ${c.volume / ML_PER_UNIT[unit]!}, ${unit},
              ${c.is_primary} and not exists (select 1 from water_containers
                                               where user_id = ${u.userId} and is_primary),
              ${Math.max(1, c.servings_per_container)})
      returning id`;
    ids.set(c.id, made!.id);
    written++;
  }
  return { ids, counts: { read: rows.length, written, skipped: rows.length - written } };
}

type SourceWater = {
  id: string;
  entry_date: string;
  water_ml: number;
  logged_at: Date | null;
  source: string | null;
  container_id: number | null;
  container_name: string | null;
};

export const waterContainers: TableImporter = {
  table: "user_water_containers",
  run: async (u) => (await importContainers(u)).counts,
};

/**
 * Drinks keep their source (`manual` ones make up the day's manual_ml as they did there),
 * their container and the other server's row id (also their key), so a re-run brings each
 * to the source's current value (copy-rows.ts).
 */
export const waterIntake: TableImporter = {
  table: "water_intake_entries",
  async run(u) {
    const { ids } = await importContainers(u);
    const rows = await userRows(
      u,
      () => u.src<SourceWater[]>`
        select id::text, entry_date, water_ml::float8, logged_at, source, container_id,
               container_name
          from public.water_intake_entries where user_id = ${u.userId} and water_ml >= 0`,
      "public.water_intake_entries",
    );
    return insertNew(
      u,
      "water_entries",
      rows.map((r) => ({
        id: r.id,
        user_id: u.userId,
        entry_date: r.entry_date,
        water_ml: r.water_ml,
        logged_at: r.logged_at,
        source: r.source ?? SOURCE,
        source_key: r.id,
        container_id: r.container_id === null ? null : (ids.get(r.container_id) ?? null),
        container_name: r.container_name,
      })),
    );
  },
};
