import { sniffImage } from "../../lib/image-sniff.ts";
import { deleteGone, insertNew, saveChanged } from "../run/copy-rows.ts";
import { userRows, type TableImporter, type UserImport } from "../run/context.ts";
import { hasTable } from "../source/source.ts";
import { readSourceUpload, removeWithFile, updateWithFile, writeCopiedFile } from "./files.ts";
import { isMetricsDay } from "./vitals-metrics.ts";

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
 * daily-metrics step would fill them afterwards: the row stays as imported. A day deleted
 * there is deleted here, unless it changed here since (copy-rows.ts).
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
    const counts = await insertNew(
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
    if (rows.length === 0) return counts;
    // A day deleted there goes here; the days the daily-metrics step records (its steps,
    // named `day <date>`) are that step's.
    const present = new Set(rows.map((r) => r.id));
    const columns = ["id", "user_id", "entry_date", ...MEASUREMENTS];
    const deleted = await deleteGone(u, "check_in_measurements", present, columns, {
      owns: (id) => !isMetricsDay(id),
    });
    return deleted ? { ...counts, deleted } : counts;
  },
};

type SourcePhoto = { id: string; entry_date: string; photo_type: string; file_path: string };
const ANGLES = new Set(["front", "back", "side"]);

/**
 * Progress photos keep the other server's ids, their files copied under this server's own
 * names. A re-run copies the file again only for a photo changed there (another day, angle
 * or file) and not here (copy-rows.ts). A photo deleted there is deleted here unless it
 * changed here since (a new picture of that day and angle, say: then it is kept and
 * listed). A file replaced or deleted so goes once the import commits.
 */
export const checkInPhotos: TableImporter = {
  table: "check_in_photos",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourcePhoto[]>`
        select id::text, entry_date, photo_type, file_path from public.check_in_photos
         where user_id = ${u.userId} order by entry_date, photo_type`,
      "public.check_in_photos",
    );
    const mine = await u.tx<{ id: string }[]>`
      select id::text from check_in_photos where user_id = ${u.userId}`;
    const ids = new Set(mine.map((p) => p.id));
    return saveChanged(
      u,
      "check_in_photos",
      ["entry_date", "photo_type", "file_path"],
      rows,
      (row) => row.id,
      (row) => (ids.has(row.id) ? row.id : undefined),
      (row, id) => savePhoto(u, row, id),
      { carryDeletions: true, remove: removeWithFile(u, "check_in_photos") },
    );
  },
};

/** Copies a photo's file and writes its row (or brings the one here up to date). */
async function savePhoto(u: UserImport, row: SourcePhoto, id: string | undefined) {
  const angle = row.photo_type.toLowerCase();
  if (!ANGLES.has(angle)) return skipped(u, "photo with an unknown angle");
  const [taken] = await u.tx`
    select 1 from check_in_photos
     where user_id = ${u.userId} and entry_date = ${row.entry_date} and photo_type = ${angle}
       and id <> ${row.id}`;
  if (taken) return skipped(u, "photo of that day and angle already here");
  const bytes = await readSourceUpload(u, row.file_path);
  if (!bytes) return skipped(u, "photo file missing from the uploads directory");
  const image = await sniffImage(bytes);
  if (!image) return skipped(u, "photo file is not a JPEG, PNG, GIF or WebP image");
  const filePath = `check-in/${u.userId}/${crypto.randomUUID()}.${image.ext}`;
  await writeCopiedFile(u, filePath, bytes);
  const photo = {
    entry_date: row.entry_date,
    photo_type: angle,
    file_path: filePath,
    mime_type: image.mime,
  };
  if (id) await updateWithFile(u, "check_in_photos", id, photo);
  else await u.tx`insert into check_in_photos ${u.tx({ ...photo, id: row.id, user_id: u.userId })}`;
  return row.id;
}

function skipped(u: UserImport, reason: string): null {
  u.summary.skip(reason);
  return null;
}
