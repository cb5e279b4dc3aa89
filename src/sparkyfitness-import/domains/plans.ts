import { copyTable, insertNew, withDropped, withItems } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";

// Weekly goal plans and meal plan templates keep the other server's ids; the presets,
// meals and foods they name came over with their ids before them.

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const GOAL_PLAN = [
  "plan_name",
  "start_date",
  "end_date",
  "is_active",
  ...WEEKDAYS.map((d) => `${d}_preset_id`),
];

/** A plan day's goal here is its preset's, as it was there. */
export const weeklyGoalPlans = copyTable(
  "weekly_goal_plans",
  "weekly_goal_plans",
  GOAL_PLAN,
  (u) => u.src<SourceRow[]>`
    select id, ${u.src(GOAL_PLAN)} from public.weekly_goal_plans where user_id = ${u.userId}`,
);

export const mealPlanTemplates: TableImporter = {
  table: "meal_plan_templates",
  async run(u) {
    const plans = await planTemplates(u, "meal_plan_templates", false);
    const counts = await insertNew(
      u,
      "meal_plan_templates",
      plans.map((p) => ({ ...p, user_id: u.userId })),
      undefined,
      { carryDeletions: true },
    );
    const items = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select a.id, a.template_id, a.day_of_week, a.meal_type_id, a.item_type, a.meal_id,
               a.food_id, a.variant_id, a.quantity::float8, a.unit
          from public.meal_plan_template_assignments a
          join public.meal_plan_templates t on t.id = a.template_id
         where t.user_id = ${u.userId}`,
      "public.meal_plan_template_assignments",
    );
    const valid = items.filter((a) => a.meal_id !== null || a.food_id !== null);
    u.summary.skip("meal plan item naming neither a meal nor a food", items.length - valid.length);
    const itemCounts = await insertNew(
      u,
      "meal_plan_template_assignments",
      valid.map((a) => ({
        id: a.id,
        template_id: a.template_id,
        user_id: u.userId,
        day_of_week: a.day_of_week,
        meal_type_id: u.mealTypes.get(a.meal_type_id) ?? null,
        item_type: a.meal_id !== null ? "meal" : "food",
        meal_id: a.meal_id,
        food_id: a.meal_id !== null ? null : a.food_id,
        variant_id: a.meal_id !== null ? null : a.variant_id,
        quantity: a.quantity,
        unit: a.unit,
      })),
      undefined,
      { carryDeletions: true },
    );
    return withItems(counts, withDropped(itemCounts, items.length - valid.length));
  },
};

/**
 * A user's meal or workout plan templates there (`table`): a plan without a start date
 * starts on the day it was made, one without an active flag takes `activeByDefault`.
 */
export async function planTemplates(
  u: UserImport,
  table: string,
  activeByDefault: boolean,
): Promise<SourceRow[]> {
  const plans = await userRows(
    u,
    () => u.src<SourceRow[]>`
      select id, plan_name, description, coalesce(start_date, created_at::date) as start_date,
             end_date, coalesce(is_active, ${activeByDefault}) as is_active
        from public.${u.src(table)} where user_id = ${u.userId}`,
    `public.${table}`,
  );
  return plans.map((p) => ({ ...p, plan_name: String(p.plan_name).slice(0, 255) }));
}
