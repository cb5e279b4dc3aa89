import type { Tx } from "../db.ts";

export const PHOTO_TYPES = ["front", "back", "side"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export type PhotoSummary = {
  id: string;
  entry_date: string;
  photo_type: PhotoType;
  weight: number | null;
};
export type PhotoRow = PhotoSummary & { file_path: string };
export type PhotoFile = { file_path: string; mime_type: string };

// The weight is the day's check-in weight, joined by (user, day) rather than stored, so an
// edited or later-entered check-in shows up here; null when the day has none.
const dayWeight = (tx: Tx) => tx`
  (select m.weight from check_in_measurements m
    where m.user_id = check_in_photos.user_id and m.entry_date = check_in_photos.entry_date)`;

/** The gallery: newest day first, then angle; without file paths. */
export function listPhotos(tx: Tx, userId: string) {
  return tx<PhotoSummary[]>`
    select id, entry_date, photo_type, ${dayWeight(tx)} as weight
      from check_in_photos
     where user_id = ${userId}
     order by entry_date desc, photo_type asc`;
}

/** Days with at least one photo, newest first. */
export async function listPhotoDates(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx<{ entry_date: string }[]>`
    select distinct entry_date from check_in_photos
     where user_id = ${userId}
     order by entry_date desc`;
  return rows.map((row) => row.entry_date);
}

export function listPhotosOfDay(tx: Tx, userId: string, entryDate: string) {
  return tx<PhotoRow[]>`
    select id, entry_date, photo_type, file_path, ${dayWeight(tx)} as weight
      from check_in_photos
     where user_id = ${userId} and entry_date = ${entryDate}
     order by photo_type asc`;
}

export async function findPhotoFile(tx: Tx, userId: string, id: string) {
  const [row] = await tx<PhotoFile[]>`
    select file_path, mime_type from check_in_photos where id = ${id} and user_id = ${userId}`;
  return row ?? null;
}

/**
 * Stores the day's photo of one angle and returns it with the path of the file it
 * replaced. Uploads of the same slot are serialised by a transaction-scoped lock, so two
 * concurrent replacements cannot both miss the row and leave one file unreferenced.
 */
export async function upsertPhoto(
  tx: Tx,
  photo: { userId: string; entryDate: string; photoType: PhotoType } & PhotoFile,
): Promise<{ row: PhotoRow; replacedPath: string | null }> {
  const { userId, entryDate, photoType } = photo;
  await tx`select pg_advisory_xact_lock(hashtextextended(${`check-in-photo:${userId}:${entryDate}:${photoType}`}, 0))`;
  const [previous] = await tx<{ file_path: string }[]>`
    select file_path from check_in_photos
     where user_id = ${userId} and entry_date = ${entryDate} and photo_type = ${photoType}`;
  const [row] = await tx<PhotoRow[]>`
    insert into check_in_photos (user_id, entry_date, photo_type, file_path, mime_type)
    values (${userId}, ${entryDate}, ${photoType}, ${photo.file_path}, ${photo.mime_type})
    on conflict (user_id, entry_date, photo_type) do update
       set file_path = excluded.file_path, mime_type = excluded.mime_type, updated_at = now()
    returning id, entry_date, photo_type, file_path, ${dayWeight(tx)} as weight`;
  return { row: row!, replacedPath: previous?.file_path ?? null };
}

/** Deletes one of the user's photos, returning its file path; null when there was none. */
export async function deletePhoto(tx: Tx, userId: string, id: string): Promise<string | null> {
  const [row] = await tx<{ file_path: string }[]>`
    delete from check_in_photos where id = ${id} and user_id = ${userId} returning file_path`;
  return row?.file_path ?? null;
}
