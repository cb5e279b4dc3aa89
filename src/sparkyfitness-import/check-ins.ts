import { sniffImage } from "../lib/image-sniff.ts";
import { insertNew } from "./copy-rows.ts";
import { userRows, type TableImporter, type UserImport } from "./context.ts";
import { hasTable } from "./source.ts";
import { readSourceUpload, writeCopiedFile } from "./files.ts";

const MEASUREMENTS = [
  "weight",
  "height",
  "body_fat_percentage",
  "neck",
  "waist",
  "hips",
  "steps",
  "muscle_mass_kg",
  "bone_mass_kg",
  "body_water_percentage",
] as const;
type SourceCheckIn = { id: string; entry_date: string } & Record<
  (typeof MEASUREMENTS)[number],
  number | null
>;

/**
 * A day's measurements keep the other server's row id, so a re-run brings each day to the
 * source's current values (copy-rows.ts); a day measured here before is left alone. A day
 * without steps takes that day's steps from the daily metrics here already, as the
 * daily-metrics step would fill them afterwards: the row stays as imported.
 */
export const checkInMeasurements: TableImporter = {
  table: "check_in_measurements",
  async run(u) {
    const daily = (await hasTable(u.src, "public.daily_health_metrics"))
      ? u.src`(select max(d.total_steps) from public.daily_health_metrics d
                where d.user_id = c.user_id and d.entry_date = c.entry_date and d.total_steps >= 0)`
      : u.src`null::int`;
    const rows = await userRows(
      u,
      () => u.src<SourceCheckIn[]>`
        select id::text, entry_date, weight::float8, height::float8, body_fat_percentage::float8,
               neck::float8, waist::float8, hips::float8, coalesce(steps, ${daily}) as steps,
               muscle_mass_kg::float8, bone_mass_kg::float8, body_water_percentage::float8
          from public.check_in_measurements c where user_id = ${u.userId} order by entry_date`,
      "public.check_in_measurements",
    );
    return insertNew(
      u,
      "check_in_measurements",
      rows.map((r) => {
        const row: Record<string, unknown> = {
          id: r.id,
          user_id: u.userId,
          entry_date: r.entry_date,
        };
        for (const m of MEASUREMENTS) row[m] = r[m];
        return row;
      }),
    );
  },
};

type SourcePhoto = { entry_date: string; photo_type: string; file_path: string };
const ANGLES = new Set(["front", "back", "side"]);

/** Progress photos with their files, copied under this server's own names. */
export const checkInPhotos: TableImporter = {
  table: "check_in_photos",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourcePhoto[]>`
        select entry_date, photo_type, file_path from public.check_in_photos
         where user_id = ${u.userId} order by entry_date, photo_type`,
      "public.check_in_photos",
    );
    let written = 0;
    for (const row of rows) if (await importPhoto(u, row)) written++;
    return { read: rows.length, written, skipped: rows.length - written };
  },
};

async function importPhoto(u: UserImport, row: SourcePhoto): Promise<boolean> {
  const angle = row.photo_type.toLowerCase();
  if (!ANGLES.has(angle)) return skipped(u, "photo with an unknown angle");
  const [taken] = await u.tx`
    select 1 from check_in_photos
     where user_id = ${u.userId} and entry_date = ${row.entry_date} and photo_type = ${angle}`;
  if (taken) return skipped(u, "photo of that day and angle already here");
  const bytes = await readSourceUpload(u, row.file_path);
  if (!bytes) return skipped(u, "photo file missing from the uploads directory");
  const image = await sniffImage(bytes);
  if (!image) return skipped(u, "photo file is not a JPEG, PNG, GIF or WebP image");
  const filePath = `check-in/${u.userId}/${crypto.randomUUID()}.${image.ext}`;
  await writeCopiedFile(u, filePath, bytes);
  await u.tx`
    insert into check_in_photos (user_id, entry_date, photo_type, file_path, mime_type)
    values (${u.userId}, ${row.entry_date}, ${angle}, ${filePath}, ${image.mime})`;
  return true;
}

function skipped(u: UserImport, reason: string): false {
  u.summary.skip(reason);
  return false;
}
