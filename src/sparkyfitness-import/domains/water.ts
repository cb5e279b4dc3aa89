import { userRows, type TableImporter, type UserImport } from "../run/context.ts";
import { insertNew, saveChanged } from "../run/copy-rows.ts";
import { importedIds } from "../run/import-record.ts";
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
const ML_PER_UNIT: Record<string, number> = { ml: 1, liter: 1000, oz: 29.5735 };
const unitHere = (unit: string) => (unit in ML_PER_UNIT ? unit : "ml");

const CONTAINERS = "water_containers";
const CONTAINER_COLUMNS = ["name", "volume", "unit", "is_primary", "servings_per_container"];

/**
 * Water containers: this server numbers them itself, so each is found again by the number
 * the last run gave it (else by name); the import record maps the other server's numbers
 * for the drinks. A re-run brings a container to the source's value, and deletes one deleted
 * there (its drinks keep their amounts), unless it changed here since (copy-rows.ts says how).
 */
export const waterContainers: TableImporter = {
  table: "user_water_containers",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceContainer[]>`
        select id, name, volume::float8, unit, coalesce(is_primary, false) as is_primary,
               coalesce(servings_per_container, 1) as servings_per_container
          from public.user_water_containers where user_id = ${u.userId} order by id`,
      "public.user_water_containers",
    );
    const mine = await u.tx<{ id: string; name: string }[]>`
      select id::text, name from water_containers where user_id = ${u.userId}`;
    const ids = new Set(mine.map((c) => c.id));
    const named = new Map(mine.map((c) => [c.name, c.id]));
    return saveChanged(
      u,
      CONTAINERS,
      CONTAINER_COLUMNS,
      rows,
      (c) => String(c.id),
      (c, last) => (last && ids.has(last.hereId) ? last.hereId : named.get(containerName(c))),
      (c, id) => saveContainer(u, c, id),
      { carryDeletions: true },
    );
  },
};

const containerName = (c: SourceContainer) => c.name.slice(0, 100);

/** Adds a container, or brings the one here (`id`) to the source's value; returns its id. */
async function saveContainer(u: UserImport, c: SourceContainer, id: string | undefined) {
  const unit = unitHere(c.unit);
  const values = {
    name: containerName(c),
    volume: c.volume / ML_PER_UNIT[unit]!,
    unit,
    servings_per_container: Math.max(1, c.servings_per_container),
  };
  // One primary per person: a primary container already here stays the primary one.
  const [saved] = id
    ? await u.tx<{ id: string }[]>`
        update water_containers set ${u.tx(values)}, updated_at = now()
         where id = ${Number(id)} returning id::text`
    : await u.tx<{ id: string }[]>`
        insert into water_containers ${u.tx({ ...values, user_id: u.userId })}
        returning id::text`;
  await u.tx`
    update water_containers set is_primary = true
     where id = ${Number(saved!.id)} and ${c.is_primary}
       and not exists (select 1 from water_containers
                        where user_id = ${u.userId} and is_primary and id <> ${Number(saved!.id)})`;
  return saved!.id;
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

/**
 * Drinks keep their source (`manual` ones make up the day's manual_ml as they did there),
 * their container and the other server's row id (also their key), so a re-run brings each
 * to the source's current value (copy-rows.ts).
 */
export const waterIntake: TableImporter = {
  table: "water_intake_entries",
  async run(u) {
    // The containers' numbers here, by the other server's, as the container step recorded them.
    const recorded = await importedIds(u.tx, u.userId, CONTAINERS);
    const ids = new Map([...recorded].map(([there, here]) => [Number(there), Number(here)]));
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
      undefined,
      { carryDeletions: true },
    );
  },
};
