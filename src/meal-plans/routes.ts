import { z } from "@hono/zod-openapi";
import { createRouter } from "../http/router.ts";
import { access, asCaller, errorResponses, json, routeIn } from "../http/route-kit.ts";
import { listMealPlans } from "./queries.ts";

const route = routeIn(["Meal plans"]);

const assignmentSchema = z.object({
  id: z.string(),
  day_of_week: z.number().describe("0 Sunday .. 6 Saturday"),
  meal_type_id: z.string().nullable(),
  meal_type: z.string().nullable(),
  item_type: z.enum(["meal", "food"]),
  meal_id: z.string().nullable(),
  meal_name: z.string().nullable(),
  food_id: z.string().nullable(),
  food_name: z.string().nullable(),
  variant_id: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
});
const mealPlanSchema = z
  .object({
    id: z.string(),
    plan_name: z.string(),
    description: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    is_active: z.boolean(),
    assignments: z.array(assignmentSchema),
  })
  .passthrough()
  .openapi("MealPlanTemplate");

export const mealPlanRoutes = createRouter().openapi(
  route({
    method: "get",
    path: "/api/meal-plan-templates",
    summary: "Meal plan templates: meals and foods assigned to weekdays and meal types",
    middleware: access("can_manage_diary", false),
    responses: {
      200: json(z.array(mealPlanSchema), "Plans, newest start first"),
      ...errorResponses,
    },
  }),
  async (c) => c.json(await asCaller(c, (tx, u) => listMealPlans(tx, u)), 200),
);
