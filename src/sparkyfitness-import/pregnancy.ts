import { sniffImage } from "../lib/image-sniff.ts";
import { copyTable } from "./copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "./context.ts";
import { readSourceUpload, writeCopiedFile } from "./files.ts";

// Pregnancy data is owner-only here as there: no family grant reads it. Rows keep their ids.

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
  ],
  (u) => u.src<SourceRow[]>`
    select id, due_date,
           case when lower(due_date_basis) in ('lmp', 'conception', 'manual', 'scan')
                then lower(due_date_basis) else 'manual' end as due_date_basis,
           lmp_date, conception_date, fetus_count,
           case when lower(status) = 'active' then 'active' else 'ended' end as status,
           ended_on, outcome, notes
      from public.pregnancies where user_id = ${u.userId}`,
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

/** The other server keeps an appointment's outcome as JSON; here it is text. */
export const appointments = copyTable(
  "health_appointments",
  "health_appointments",
  ["pregnancy_id", "scheduled_at", "appointment_type", "title", "location", "notes", "outcome"],
  (u) => u.src<SourceRow[]>`
    select id, pregnancy_id, scheduled_at, appointment_type, title, location, notes,
           case when outcome = '{}'::jsonb then null
                when jsonb_typeof(outcome) = 'string' then outcome #>> '{}'
                else outcome::text end as outcome
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

/** Bump photos with their files, under this server's pregnancy/<user id>/ folder. */
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
    let written = 0;
    for (const row of rows) if (await importPhoto(u, row)) written++;
    return { read: rows.length, written, skipped: rows.length - written };
  },
};

async function importPhoto(u: UserImport, row: SourcePhoto): Promise<boolean> {
  const [known] = await u.tx`select 1 from pregnancy_photos where id = ${row.id}`;
  if (known) return false;
  const bytes = await readSourceUpload(u, row.file_path);
  const image = bytes && (await sniffImage(bytes));
  if (!bytes || !image) {
    u.summary.skip("pregnancy photo file missing or not an image");
    return false;
  }
  const filePath = `pregnancy/${u.userId}/${row.id}.${image.ext}`;
  await writeCopiedFile(u, filePath, bytes);
  await u.tx`
    insert into pregnancy_photos (id, user_id, pregnancy_id, week, entry_date, file_path, mime_type, notes)
    values (${row.id}, ${u.userId}, ${row.pregnancy_id}, ${row.week}, ${row.entry_date},
            ${filePath}, ${image.mime}, ${row.notes})`;
  return true;
}
