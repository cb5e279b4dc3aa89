import type { Tx } from "../db.ts";

export type WaterContainerRow = {
  id: number;
  name: string;
  volume: number;
  unit: "ml" | "liter" | "oz";
  is_primary: boolean;
  servings_per_container: number;
};
export type ContainerFields = Omit<WaterContainerRow, "id">;

const ML_PER_UNIT = { ml: 1, liter: 1000, oz: 29.5735 } as const;
/** A glass, when someone logs drinks with no container set up yet. */
export const DEFAULT_DRINK_ML = 250;

/**
 * A container as answered: `volume` in millilitres whatever unit it is shown in, as the phone
 * app reads it (that kind of server keeps it so); `unit` is the unit to show. Volumes sent
 * are in `unit`.
 */
export function answeredContainer(container: WaterContainerRow): WaterContainerRow {
  return { ...container, volume: container.volume * ML_PER_UNIT[container.unit] };
}

/** Millilitres one logged drink from this container adds. */
export function drinkMl(container: WaterContainerRow): number {
  return (container.volume * ML_PER_UNIT[container.unit]) / container.servings_per_container;
}

const containerColumns = (tx: Tx) => tx`id, name, volume, unit, is_primary, servings_per_container`;

export function listContainers(tx: Tx, userId: string) {
  return tx<WaterContainerRow[]>`
    select ${containerColumns(tx)} from water_containers
     where user_id = ${userId} order by is_primary desc, id`;
}

/** The container with that id, or the primary one when id is undefined. */
export async function findContainer(tx: Tx, userId: string, id: number | undefined) {
  const [row] = await tx<WaterContainerRow[]>`
    select ${containerColumns(tx)} from water_containers
     where user_id = ${userId} and ${id === undefined ? tx`is_primary` : tx`id = ${id}`}`;
  return row;
}

// Making one container primary first clears the others: the partial unique index allows one.
async function clearPrimary(tx: Tx, userId: string) {
  await tx`update water_containers set is_primary = false, updated_at = now()
            where user_id = ${userId} and is_primary`;
}

export async function createContainer(tx: Tx, userId: string, fields: ContainerFields) {
  if (fields.is_primary) await clearPrimary(tx, userId);
  const row = { ...fields, user_id: userId };
  const [saved] = await tx<WaterContainerRow[]>`
    insert into water_containers ${tx(row, "user_id", "name", "volume", "unit", "is_primary", "servings_per_container")}
    returning ${containerColumns(tx)}`;
  return saved!;
}

export async function updateContainer(
  tx: Tx,
  userId: string,
  id: number,
  fields: Partial<ContainerFields>,
) {
  if (fields.is_primary) await clearPrimary(tx, userId);
  const keys = (Object.keys(fields) as (keyof ContainerFields)[]).filter(
    (k) => fields[k] !== undefined,
  );
  const [saved] = await tx<WaterContainerRow[]>`
    update water_containers set ${tx({ ...fields, updated_at: tx`now()` }, ...keys, "updated_at")}
     where user_id = ${userId} and id = ${id}
    returning ${containerColumns(tx)}`;
  return saved;
}

export async function deleteContainer(tx: Tx, userId: string, id: number) {
  const result = await tx`delete from water_containers where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}

export type WaterEntry = {
  id: string;
  water_ml: number;
  container_id: number | null;
  container_name: string | null;
  logged_at: Date | null;
  source: string;
};

/** A day's water: the total, the part logged by hand, and every entry (synced and manual). */
export async function getWaterDay(tx: Tx, userId: string, day: string) {
  return summarizeWaterDay(day, await listWaterEntriesOfDay(tx, userId, day));
}

/** The entries of a day, oldest first: one statement, for rowsAsCaller. */
export function listWaterEntriesOfDay(tx: Tx, userId: string, day: string) {
  return tx<WaterEntry[]>`
    select id, water_ml, container_id, container_name, logged_at, source from water_entries
     where user_id = ${userId} and entry_date = ${day}
     order by logged_at nulls first, created_at`;
}

/** A day's water: its total, the part logged by hand, and the entries. */
export function summarizeWaterDay(day: string, entries: WaterEntry[]) {
  const sum = (list: WaterEntry[]) => list.reduce((total, e) => total + e.water_ml, 0);
  return {
    entry_date: day,
    water_ml: sum(entries),
    manual_ml: sum(entries.filter((e) => e.source === "manual")),
    entries,
  };
}

export async function addManualWater(
  tx: Tx,
  userId: string,
  entry: { entry_date: string; water_ml: number; container: WaterContainerRow | undefined },
) {
  const [saved] = await tx<{ id: string }[]>`
    insert into water_entries (user_id, entry_date, water_ml, logged_at, source, source_key,
                               container_id, container_name)
    values (${userId}, ${entry.entry_date}, ${entry.water_ml}, now(), 'manual',
            ${crypto.randomUUID()}, ${entry.container?.id ?? null}, ${entry.container?.name ?? null})
    returning id`;
  return saved!.id;
}

/**
 * Takes `ml` back from the day's manual entries, newest first (a "minus one drink" tap).
 * Synced entries are the phone's record and stay. Returns the last entry touched.
 */
export async function removeManualWater(tx: Tx, userId: string, day: string, ml: number) {
  const entries = await tx<{ id: string; water_ml: number }[]>`
    select id, water_ml from water_entries
     where user_id = ${userId} and entry_date = ${day} and source = 'manual'
     order by created_at desc, id desc
     for update`;
  let left = ml;
  let touched: string | null = null;
  for (const entry of entries) {
    if (left <= 0) break;
    touched = entry.id;
    if (entry.water_ml <= left) {
      await tx`delete from water_entries where id = ${entry.id}`;
    } else {
      await tx`update water_entries set water_ml = ${entry.water_ml - left}, updated_at = now()
                where id = ${entry.id}`;
    }
    left -= entry.water_ml;
  }
  return touched;
}

export async function deleteWaterEntry(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from water_entries where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}
