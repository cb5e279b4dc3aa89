import { insertNew } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter } from "../run/context.ts";
import { derivedId } from "./derived-id.ts";

/**
 * Workout sessions (a preset or several exercises logged together) keep their ids, so the
 * entries imported after them join their session and a re-run brings each to the source's
 * current value (copy-rows.ts); the preset they came from is linked when it came over too.
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
    const presetIds = rows.flatMap((r) =>
      r.workout_preset_id === null ? [] : [derivedId(u, "workout_presets", r.workout_preset_id)],
    );
    const presetsHere = await u.tx<{ id: string }[]>`
      select id from workout_presets where id = any(${presetIds}::uuid[])`;
    const known = new Set(presetsHere.map((p) => p.id));
    const presetOf = (r: SourceRow) => {
      if (r.workout_preset_id === null) return null;
      const id = derivedId(u, "workout_presets", r.workout_preset_id);
      return known.has(id) ? id : null;
    };
    return insertNew(
      u,
      "exercise_preset_entries",
      rows.map((r) => ({
        id: r.id,
        user_id: u.userId,
        workout_preset_id: presetOf(r),
        name: String(r.name).slice(0, 255),
        description: r.description,
        notes: r.notes,
        entry_date: r.entry_date,
        source: r.source,
      })),
      undefined,
      { carryDeletions: true },
    );
  },
};
