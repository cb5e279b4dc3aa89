import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { createMealTemplate, findMealTemplate } from "../foods/meal-templates.ts";
import { mealFromDaySchema, mealSchema } from "../foods/meal-schemas.ts";
import {
  diaryRead,
  diaryWrite,
  errors,
  idParam,
  json,
  jsonBody,
  messageSchema,
  routeWith,
} from "../foods/route-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { createRouter } from "../http/router.ts";
import { allRowsAsCaller } from "../http/route-kit.ts";
import { listEntriesInRange } from "./entry-queries.ts";
import {
  changeLoggedMeal,
  deleteLoggedMeal,
  findLoggedMeal,
  loggedMealsOfDayStatements,
  dayOfLoggedMeals,
  logMeal,
} from "./logged-meals.ts";
import {
  loggedMealInputSchema,
  loggedMealSchema,
  loggedMealUpdateSchema,
} from "./logged-meal-schemas.ts";
import { resolveMealTypeRef } from "./meal-types.ts";
import { removeDiarySetFiles } from "./entry-images.ts";

const tags = ["Food diary"];
const NOT_FOUND = "Logged meal not found.";
const out = (meal: unknown) => loggedMealSchema.parse(meal);
const route = routeWith(tags);
const one = { description: "The logged meal", ...json(loggedMealSchema) };

export const loggedMealRoutes = createRouter();
loggedMealRoutes
  .openapi(
    {
      ...route({
        method: "post",
        path: "/api/food-entry-meals",
        summary: "Log a meal (a template or a list of foods) as entries kept together",
        request: jsonBody(loggedMealInputSchema),
        responses: { 201: one },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const input = c.req.valid("json");
      return c.json(
        out(await c.var.db.withUser(userId, (tx) => logMeal(tx, userId, input), actorId)),
        201,
      );
    },
  )
  .openapi(
    {
      ...route({
        method: "get",
        path: "/api/food-entry-meals/by-date/{date}",
        summary: "A day's logged meals with their foods",
        request: { params: z.object({ date: calendarDay }) },
        responses: { 200: { description: "Logged meals", ...json(z.array(loggedMealSchema)) } },
      }),
      middleware: diaryRead,
    },
    async (c) => {
      const { date } = c.req.valid("param");
      const [meals, entries] = await allRowsAsCaller(c, (tx, userId) =>
        loggedMealsOfDayStatements(tx, userId, date),
      );
      return c.json(dayOfLoggedMeals(meals, entries).map(out), 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "get",
        path: "/api/food-entry-meals/{id}",
        summary: "A logged meal",
        request: { params: idParam("id") },
        responses: { 200: one },
      }),
      middleware: diaryRead,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const meal = await c.var.db.withUser(userId, (tx) => findLoggedMeal(tx, userId, id), actorId);
      if (!meal) throw new HttpError(404, NOT_FOUND);
      return c.json(out(meal), 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "put",
        path: "/api/food-entry-meals/{id}",
        summary: "Change a logged meal as one (sent foods replace its entries)",
        request: { params: idParam("id"), ...jsonBody(loggedMealUpdateSchema) },
        responses: { 200: one },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const meal = await c.var.db.withUser(
        userId,
        async (tx) =>
          (await findLoggedMeal(tx, userId, id)) ? changeLoggedMeal(tx, userId, id, input) : null,
        actorId,
      );
      if (!meal) throw new HttpError(404, NOT_FOUND);
      return c.json(out(meal), 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "delete",
        path: "/api/food-entry-meals/{id}",
        summary: "Remove a logged meal with its entries",
        request: { params: idParam("id") },
        responses: { 200: { description: "Removed", ...json(messageSchema) } },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const images = await c.var.db.withUser(
        userId,
        (tx) => deleteLoggedMeal(tx, userId, id),
        actorId,
      );
      if (!images) throw new HttpError(404, NOT_FOUND);
      await removeDiarySetFiles(c.var, images);
      return c.json({ message: "Logged meal deleted successfully." }, 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "post",
        path: "/api/meals/from-day",
        summary: "Create a meal template from a day's entries (optionally one meal type)",
        request: jsonBody(mealFromDaySchema),
        responses: { 201: { description: "The template", ...json(mealSchema) } },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const body = c.req.valid("json");
      const meal = await c.var.db.withUser(
        userId,
        async (tx) => {
          const type = body.meal_type ? await resolveMealTypeRef(tx, userId, body.meal_type) : null;
          const entries = await listEntriesInRange(
            tx,
            userId,
            body.entry_date,
            body.entry_date,
            type?.id,
          );
          const foods = entries.flatMap((e) =>
            e.food_id && e.variant_id
              ? [
                  {
                    food_id: e.food_id,
                    variant_id: e.variant_id,
                    quantity: e.quantity,
                    unit: e.unit,
                  },
                ]
              : [],
          );
          if (foods.length === 0)
            throw new HttpError(400, "That day has no logged foods to make a meal from.");
          const id = await createMealTemplate(tx, userId, {
            name: body.name,
            description: body.description,
            foods,
          });
          return findMealTemplate(tx, userId, id);
        },
        actorId,
      );
      return c.json(mealSchema.parse(meal), 201);
    },
  );
