import { insertNew, withDropped, withItems } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";
import { SOURCE } from "./trackers.ts";
import { exerciseHere } from "./exercise-library.ts";
import { planTemplates } from "./plans.ts";
import { setHere, type SourceSet } from "./sets.ts";
import { derivedId } from "./derived-id.ts";

export const workoutPresets: TableImporter = {
  table: "workout_presets",
  async run(u) {
    const presets = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, name, description from public.workout_presets where user_id = ${u.userId}`,
      "public.workout_presets",
    );
    const counts = await insertNew(
      u,
      "workout_presets",
      presets.map((p) => ({
        id: derivedId(u, "workout_presets", p.id),
        user_id: u.userId,
        name: String(p.name).slice(0, 255),
        description: p.description,
      })),
      undefined,
      { carryDeletions: true },
    );
    const items = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select pe.id, pe.workout_preset_id, pe.exercise_id, coalesce(pe.sort_order, 0) as sort_order,
               pe.superset_group,
               coalesce((select json_agg(json_build_object('set_number', s.set_number,
                   'set_type', s.set_type, 'reps', s.reps, 'weight', s.weight::float8,
                   'duration', s.duration, 'rest_time', s.rest_time, 'notes', s.notes)
                   order by s.set_number)
                 from public.workout_preset_exercise_sets s
                where s.workout_preset_exercise_id = pe.id), '[]') as sets
          from public.workout_preset_exercises pe
          join public.workout_presets p on p.id = pe.workout_preset_id
         where p.user_id = ${u.userId}`,
      "public.workout_preset_exercises",
    );
    const rows = [];
    for (const item of items) {
      const exerciseId = await exerciseHere(u, item.exercise_id);
      if (!exerciseId) continue;
      rows.push({
        id: derivedId(u, "workout_preset_exercises", item.id),
        workout_preset_id: derivedId(u, "workout_presets", item.workout_preset_id),
        user_id: u.userId,
        exercise_id: exerciseId,
        sort_order: item.sort_order,
        superset_group: item.superset_group,
        sets: u.tx.json((item.sets as SourceSet[]).map(setHere)),
      });
    }
    u.summary.skip("preset exercise whose exercise is gone", items.length - rows.length);
    const itemCounts = await insertNew(u, "workout_preset_exercises", rows, undefined, {
      carryDeletions: true,
    });
    return withItems(counts, withDropped(itemCounts, items.length - rows.length));
  },
};

export const workoutPlans: TableImporter = {
  table: "workout_plan_templates",
  async run(u) {
    const plans = await planTemplates(u, "workout_plan_templates", true);
    const counts = await insertNew(
      u,
      "workout_plan_templates",
      plans.map((p) => ({
        id: derivedId(u, "workout_plan_templates", p.id),
        user_id: u.userId,
        plan_name: p.plan_name,
        description: p.description,
        start_date: p.start_date,
        end_date: p.end_date,
        is_active: p.is_active,
      })),
      undefined,
      { carryDeletions: true },
    );
    // A plan day names a preset, or one exercise with its planned sets.
    const assignments = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select a.id, a.template_id, a.day_of_week, a.workout_preset_id, a.exercise_id,
               coalesce(a.sort_order, 0) as sort_order,
               coalesce((select json_agg(json_build_object('set_number', s.set_number,
                   'set_type', s.set_type, 'reps', s.reps, 'weight', s.weight::float8,
                   'duration', s.duration, 'rest_time', s.rest_time, 'notes', s.notes)
                   order by s.set_number)
                 from public.workout_plan_assignment_sets s where s.assignment_id = a.id), '[]') as sets
          from public.workout_plan_template_assignments a
          join public.workout_plan_templates t on t.id = a.template_id
         where t.user_id = ${u.userId} and a.day_of_week between 0 and 6
           and (a.workout_preset_id is not null or a.exercise_id is not null)`,
      "public.workout_plan_template_assignments",
    );
    const rows = [];
    for (const a of assignments) {
      const exerciseId = a.workout_preset_id === null ? await exerciseHere(u, a.exercise_id) : null;
      if (a.workout_preset_id === null && !exerciseId) continue;
      rows.push({
        id: derivedId(u, "workout_plan_template_assignments", a.id),
        template_id: derivedId(u, "workout_plan_templates", a.template_id),
        user_id: u.userId,
        day_of_week: a.day_of_week,
        workout_preset_id:
          a.workout_preset_id === null
            ? null
            : derivedId(u, "workout_presets", a.workout_preset_id),
        exercise_id: exerciseId,
        sets: u.tx.json((a.sets as SourceSet[]).map(setHere)),
        sort_order: a.sort_order,
      });
    }
    u.summary.skip("plan day whose exercise is gone", assignments.length - rows.length);
    await insertNew(u, "workout_plan_template_assignments", rows, undefined, {
      carryDeletions: true,
    });
    return counts;
  },
};
