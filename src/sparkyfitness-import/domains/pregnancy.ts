import { sniffImage } from "../../lib/image-sniff.ts";
import { copyTable, saveChanged } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";
import { readSourceUpload, removeWithFile, updateWithFile, writeCopiedFile } from "./files.ts";

// Pregnancy data is owner-only here as there: no family grant reads it. Rows keep their ids.

/** A pregnancy keeps its prenatal and supplement medications (imported before it, same ids). */
export const pregnancies = copyTable(
  "pregnancies",
  "pregnancies",
  [
    "due_date",
    "due_date_basis",
    "lmp_date",
    "conception_date",
    "fetus_count",
    "status",
    "ended_on",
    "outcome",
    "notes",
    "prenatal_medication_id",
    "supplement_medication_id",
  ],
  async (u) => {
    const rows = await u.src<SourceRow[]>`
      select id, due_date,
             case when lower(due_date_basis) in ('lmp', 'conception', 'manual', 'scan')
                  then lower(due_date_basis) else 'manual' end as due_date_basis,
             lmp_date, conception_date, fetus_count,
             case when lower(status) = 'active' then 'active' else 'ended' end as status,
             ended_on, outcome, notes, prenatal_medication_id, supplement_medication_id
        from public.pregnancies where user_id = ${u.userId}`;
    const named = rows.flatMap((r) => [r.prenatal_medication_id, r.supplement_medication_id]);
    const here = await u.tx<{ id: string }[]>`
      select id from medications
       where user_id = ${u.userId} and id = any(${named.filter(Boolean)}::uuid[])`;
    const found = new Set(here.map((m) => m.id));
    const link = (id: string | null) => (id && found.has(id) ? id : null);
    return rows.map((r) => ({
      ...r,
      prenatal_medication_id: link(r.prenatal_medication_id),
      supplement_medication_id: link(r.supplement_medication_id),
    }));
  },
);

export const kickSessions = copyTable(
  "pregnancy_kick_sessions",
  "pregnancy_kick_sessions",
  ["pregnancy_id", "started_at", "ended_at", "kick_count", "kick_times"],
  (u) => u.src<SourceRow[]>`
    select id, pregnancy_id, started_at, ended_at, kick_count, kick_times::text as kick_times
      from public.pregnancy_kick_sessions where user_id = ${u.userId}`,
);

export const contractions = copyTable(
  "pregnancy_contractions",
  "pregnancy_contractions",
  ["pregnancy_id", "started_at", "ended_at", "intensity"],
  (u) => u.src<SourceRow[]>`
    select id, pregnancy_id, started_at, ended_at, intensity
      from public.pregnancy_contractions where user_id = ${u.userId}`,
);

export const checklist = copyTable(
  "pregnancy_checklist_state",
  "pregnancy_checklist_items",
  ["pregnancy_id", "template_key", "custom_title", "week", "completed_at", "dismissed"],
  (u) => u.src<SourceRow[]>`
    select id, pregnancy_id, template_key, custom_title, week, completed_at, dismissed
      from public.pregnancy_checklist_state where user_id = ${u.userId}`,
);

/** An appointment's outcome is an object there as here (a bare value becomes its notes). */
export const appointments = copyTable(
  "health_appointments",
  "health_appointments",
  ["pregnancy_id", "scheduled_at", "appointment_type", "title", "location", "notes", "outcome"],
  (u) => u.src<SourceRow[]>`
    select id, pregnancy_id, scheduled_at, appointment_type, title, location, notes,
           case when jsonb_typeof(outcome) = 'object' then outcome
                when outcome is null or outcome = 'null'::jsonb then null
                else jsonb_build_object('notes', outcome #>> '{}') end as outcome
      from public.health_appointments where user_id = ${u.userId}`,
);

type SourcePhoto = {
  id: string;
  pregnancy_id: string;
  week: number;
  entry_date: string;
  file_path: string;
  notes: string | null;
};

/**
 * Bump photos keep their ids, their files under this server's pregnancy/<user id>/ folder. A
 * re-run copies the file again only for a photo changed there and not here (copy-rows.ts),
 * and deletes one deleted there by the same rule; a file replaced or deleted so goes once
 * the import commits.
 */
export const pregnancyPhotos: TableImporter = {
  table: "pregnancy_photos",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourcePhoto[]>`
        select id, pregnancy_id, week, entry_date, file_path, notes
          from public.pregnancy_photos where user_id = ${u.userId} order by entry_date`,
      "public.pregnancy_photos",
    );
    const mine = await u.tx<{ id: string }[]>`
      select id::text from pregnancy_photos where user_id = ${u.userId}`;
    const ids = new Set(mine.map((p) => p.id));
    return saveChanged(
      u,
      "pregnancy_photos",
      ["pregnancy_id", "week", "entry_date", "file_path", "notes"],
      rows,
      (row) => row.id,
      (row) => (ids.has(row.id) ? row.id : undefined),
      (row, id) => savePhoto(u, row, id),
      { carryDeletions: true, remove: removeWithFile(u, "pregnancy_photos") },
    );
  },
};

/** Copies a photo's file and writes its row (or brings the one here up to date). */
async function savePhoto(u: UserImport, row: SourcePhoto, id: string | undefined) {
  const bytes = await readSourceUpload(u, row.file_path);
  const image = bytes && (await sniffImage(bytes));
  if (!bytes || !image) {
    u.summary.skip("pregnancy photo file missing or not an image");
    return null;
  }
  const filePath = `pregnancy/${u.userId}/${crypto.randomUUID()}.${image.ext}`;
  await writeCopiedFile(u, filePath, bytes);
  const photo = {
    pregnancy_id: row.pregnancy_id,
    week: row.week,
    entry_date: row.entry_date,
    file_path: filePath,
    mime_type: image.mime,
    notes: row.notes,
  };
  if (id) await updateWithFile(u, "pregnancy_photos", id, photo);
  else
    await u.tx`insert into pregnancy_photos ${u.tx({ ...photo, id: row.id, user_id: u.userId })}`;
  return row.id;
}
