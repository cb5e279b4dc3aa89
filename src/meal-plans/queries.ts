import type { Tx } from "../db.ts";

export type MealPlanAssignment = {
  id: string;
  day_of_week: number;
  meal_type_id: string | null;
  meal_type: string | null;
  item_type: "meal" | "food";
  meal_id: string | null;
  meal_name: string | null;
  food_id: string | null;
  food_name: string | null;
  variant_id: string | null;
  quantity: number | null;
  unit: string | null;
};
export type MealPlan = {
  id: string;
  plan_name: string;
  description: string | null;
  start_date: string;
  end_date: string | null;
  is_active: boolean;
  assignments: MealPlanAssignment[];
};

/** Meal plan templates: meals and foods assigned to weekdays and meal types over a range. */
export function listMealPlans(tx: Tx, userId: string) {
  return tx<MealPlan[]>`
    select t.id, t.plan_name, t.description, to_char(t.start_date, 'YYYY-MM-DD') as start_date,
           to_char(t.end_date, 'YYYY-MM-DD') as end_date, t.is_active,
           coalesce((select json_agg(json_build_object(
                       'id', a.id, 'day_of_week', a.day_of_week, 'meal_type_id', a.meal_type_id,
                       'meal_type', mt.name, 'item_type', a.item_type, 'meal_id', a.meal_id,
                       'meal_name', m.name, 'food_id', a.food_id, 'food_name', f.name,
                       'variant_id', a.variant_id, 'quantity', a.quantity, 'unit', a.unit)
                     order by a.day_of_week, mt.sort_order, a.id)
                       from meal_plan_template_assignments a
                       left join meal_types mt on mt.id = a.meal_type_id
                       left join meals m on m.id = a.meal_id
                       left join foods f on f.id = a.food_id
                      where a.template_id = t.id), '[]') as assignments
      from meal_plan_templates t
     where t.user_id = ${userId}
     order by t.start_date desc, t.plan_name`;
}
