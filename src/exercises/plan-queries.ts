import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { toSetRows } from "./entry-queries.ts";
import { requireExercises } from "./preset-queries.ts";
import type { PlanInput, PlanUpdate } from "./preset-schemas.ts";

function planColumns(tx: Tx) {
  return tx`
    t.id, t.plan_name, t.description, to_char(t.start_date, 'YYYY-MM-DD') as start_date,
    to_char(t.end_date, 'YYYY-MM-DD') as end_date, t.is_active, t.created_at, t.updated_at,
    coalesce((select json_agg(json_build_object(
                'id', a.id, 'day_of_week', a.day_of_week, 'workout_preset_id', a.workout_preset_id,
                'workout_preset_name', p.name, 'exercise_id', a.exercise_id,
                'exercise_name', x.name, 'sets', a.sets, 'sort_order', a.sort_order)
              order by a.day_of_week, a.sort_order)
                from workout_plan_template_assignments a
                left join workout_presets p on p.id = a.workout_preset_id
                left join exercises x on x.id = a.exercise_id
               where a.template_id = t.id), '[]') as assignments`;
}

export function listPlans(tx: Tx, userId: string) {
  return tx<Record<string, unknown>[]>`
    select ${planColumns(tx)} from workout_plan_templates t
     where t.user_id = ${userId} order by t.start_date desc, t.plan_name`;
}

async function getPlan(tx: Tx, userId: string, id: string) {
  const [row] = await tx<Record<string, unknown>[]>`
    select ${planColumns(tx)} from workout_plan_templates t where t.id = ${id} and t.user_id = ${userId}`;
  return row;
}

async function writeAssignments(
  tx: Tx,
  userId: string,
  planId: string,
  assignments: PlanInput["assignments"],
) {
  const ids = [...new Set(assignments.flatMap((a) => a.workout_preset_id ?? []))];
  const [found] = ids.every(isUuid)
    ? await tx<{ n: number }[]>`
        select count(*)::int as n from workout_presets where id = any (${ids}::uuid[]) and user_id = ${userId}`
    : [{ n: -1 }];
  if (found!.n !== ids.length)
    throw new HttpError(400, "workout_preset_id does not name one of your presets.");
  await requireExercises(
    tx,
    userId,
    assignments.flatMap((a) => a.exercise_id ?? []),
  );
  await tx`delete from workout_plan_template_assignments where template_id = ${planId}`;
  if (assignments.length === 0) return;
  const rows = assignments.map((a, i) => ({
    template_id: planId,
    user_id: userId,
    day_of_week: a.day_of_week,
    workout_preset_id: a.workout_preset_id ?? null,
    exercise_id: a.exercise_id ?? null,
    sets: tx.json(a.exercise_id ? toSetRows(a.sets) : []),
    sort_order: a.sort_order ?? i,
  }));
  await tx`insert into workout_plan_template_assignments ${tx(rows)}`;
}

function checkRange(start: string | undefined, end: string | null | undefined) {
  if (start && end && end < start)
    throw new HttpError(400, "end_date must not be before start_date.");
}

export async function createPlan(tx: Tx, userId: string, input: PlanInput) {
  checkRange(input.start_date, input.end_date);
  const { assignments, ...plan } = input;
  const [row] = await tx<{ id: string }[]>`
    insert into workout_plan_templates ${tx({ ...plan, end_date: plan.end_date ?? null, description: plan.description ?? null, user_id: userId })}
    returning id`;
  await writeAssignments(tx, userId, row!.id, assignments);
  return (await getPlan(tx, userId, row!.id))!;
}

export async function updatePlan(tx: Tx, userId: string, id: string, input: PlanUpdate) {
  checkRange(input.start_date, input.end_date);
  const { assignments, ...fields } = input;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  // A range made invalid by one side alone fails the table's check: a 400 too.
  const [row] = await tx<{ id: string }[]>`
    update workout_plan_templates set ${tx({ ...defined, updated_at: new Date() })}
     where id = ${id} and user_id = ${userId} returning id`;
  if (!row) return undefined;
  if (assignments !== undefined) await writeAssignments(tx, userId, id, assignments);
  return getPlan(tx, userId, id);
}

export async function deletePlan(tx: Tx, userId: string, id: string) {
  const rows =
    await tx`delete from workout_plan_templates where id = ${id} and user_id = ${userId} returning id`;
  return rows.length > 0;
}

/** The presets (or single exercises) active plans schedule on `day` (its weekday, inside each plan's range). */
export function listScheduled(tx: Tx, userId: string, day: string) {
  return tx<Record<string, unknown>[]>`
    select t.id as plan_id, t.plan_name, a.workout_preset_id, p.name as workout_preset_name,
           a.exercise_id, x.name as exercise_name, a.sets, a.sort_order
      from workout_plan_templates t
      join workout_plan_template_assignments a on a.template_id = t.id
      -- Left: a delegate with can_view_reports reads plans but not the preset library.
      left join workout_presets p on p.id = a.workout_preset_id
      left join exercises x on x.id = a.exercise_id
     where t.user_id = ${userId} and t.is_active and t.start_date <= ${day}
       and (t.end_date is null or t.end_date >= ${day})
       and a.day_of_week = extract(dow from ${day}::date)
     order by t.plan_name, a.sort_order`;
}
