import { userRows, type SourceRow, type TableImporter } from "./context.ts";
import { derivedId } from "./presets.ts";

/**
 * Workout sessions (a preset or several exercises logged together) keep their ids, so the
 * entries imported after them join their session; the preset they came from is linked
 * when it came over too.
 */
export const exerciseSessions: TableImporter = {
  table: "exercise_preset_entries",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, workout_preset_id, name, description, notes, entry_date,
               coalesce(source, 'manual') as source
          from public.exercise_preset_entries where user_id = ${u.userId}`,
      "public.exercise_preset_entries",
    );
    const presets = rows.map((r) =>
      r.workout_preset_id === null ? null : derivedId(u, "workout_presets", r.workout_preset_id),
    );
    const written = await u.tx`
      insert into exercise_preset_entries (id, user_id, workout_preset_id, name, description,
                                           notes, entry_date, source)
      select r.id, ${u.userId}::uuid, (select p.id from workout_presets p where p.id = r.preset),
             r.name, r.description, r.notes, r.day, r.source
        from unnest(${rows.map((r) => r.id)}::uuid[], ${presets}::uuid[],
                    ${rows.map((r) => String(r.name).slice(0, 255))}::text[],
                    ${rows.map((r) => r.description)}::text[], ${rows.map((r) => r.notes)}::text[],
                    ${rows.map((r) => r.entry_date)}::date[], ${rows.map((r) => r.source)}::text[])
             as r(id, preset, name, description, notes, day, source)
      on conflict do nothing`;
    return { read: rows.length, written: written.count, skipped: rows.length - written.count };
  },
};
