import { insertNew, withDropped } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";
import { SOURCE } from "./trackers.ts";

const FREQUENCIES = new Set(["All", "Daily", "Hourly"]);
// Garmin's whole-number categories there (floors, training readiness) say `integer`.
const DATA_TYPES = new Set(["numeric", "integer", "text"]);

/**
 * Categories keep their ids, display name, frequency and type (numeric, integer or text); that server keeps a numeric
 * category's unit in measurement_type, which here is both that field and the unit. A
 * category of the same name already here is used as it is.
 */
export const customCategories: TableImporter = {
  table: "custom_categories",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, name, nullif(display_name, '') as display_name, measurement_type, frequency,
               coalesce(data_type, 'numeric') as data_type
          from public.custom_categories where user_id = ${u.userId}`,
      "public.custom_categories",
    );
    return insertNew(
      u,
      "custom_measurement_categories",
      rows.map((c) => ({
        id: c.id,
        user_id: u.userId,
        name: String(c.name).slice(0, 100),
        display_name: c.display_name,
        measurement_type: c.measurement_type ?? "numeric",
        unit: c.data_type === "text" ? null : c.measurement_type,
        frequency: FREQUENCIES.has(c.frequency) ? c.frequency : "All",
        data_type: DATA_TYPES.has(c.data_type) ? c.data_type : "numeric",
      })),
      undefined,
      { carryDeletions: true },
    );
  },
};

type SourceMeasurement = {
  id: string;
  category: string;
  data_type: string;
  value: string;
  entry_date: string;
  entry_hour: number | null;
  entry_timestamp: Date;
  notes: string | null;
  source: string | null;
};

/**
 * Entries keep their source, notes, value (text in text categories, else the number) and the
 * other server's row id (also their key), so a re-run brings each to the source's value.
 */
export const customMeasurements: TableImporter = {
  table: "custom_measurements",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceMeasurement[]>`
        select m.id::text, c.name as category, coalesce(c.data_type, 'numeric') as data_type,
               m.value, m.entry_date, m.entry_hour, m.entry_timestamp, m.notes, m.source
          from public.custom_measurements m
          join public.custom_categories c on c.id = m.category_id
         where m.user_id = ${u.userId}`,
      "public.custom_measurements",
    );
    const categories = await categoryIds(u);
    const numeric = (r: SourceMeasurement) =>
      r.data_type !== "text" && r.value.trim() !== "" && Number.isFinite(Number(r.value));
    const placed = rows.filter((r) => categories.has(r.category.slice(0, 100)));
    u.summary.skip("its category did not come over", rows.length - placed.length);
    const counts = await insertNew(
      u,
      "custom_measurement_entries",
      placed.map((r) => ({
        id: r.id,
        user_id: u.userId,
        category_id: categories.get(r.category.slice(0, 100)),
        entry_date: r.entry_date,
        entry_hour: r.entry_hour,
        entry_timestamp: r.entry_timestamp,
        value: numeric(r) ? Number(r.value) : null,
        text_value: numeric(r) ? null : r.value,
        notes: r.notes,
        source: r.source ?? SOURCE,
        source_key: r.id,
      })),
      undefined,
      { carryDeletions: true },
    );
    return withDropped(counts, rows.length - placed.length);
  },
};

async function categoryIds(u: UserImport) {
  const rows = await u.tx<{ id: string; name: string }[]>`
    select id, name from custom_measurement_categories where user_id = ${u.userId}`;
  return new Map(rows.map((r) => [r.name, r.id]));
}
