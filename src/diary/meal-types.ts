import { z } from "@hono/zod-openapi";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { instant } from "../foods/schemas.ts";

export const mealTypeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    sort_order: z.number(),
    user_id: z.uuid().nullable(),
    created_at: instant,
    is_visible: z.boolean(),
    show_in_quick_log: z.boolean(),
    default_time: z.string().nullable(),
  })
  .openapi("MealType");
export type MealType = z.infer<typeof mealTypeSchema>;

const time = z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, { error: "must be HH:MM" });
export const mealTypeInputSchema = z.object({
  name: z.string().trim().min(1, { error: "is required" }).max(100),
  sort_order: z.number().int().min(0).max(10_000).optional(),
  is_visible: z.boolean().optional(),
  show_in_quick_log: z.boolean().optional(),
  default_time: time.nullish(),
});

const columns = (tx: Tx) => tx`
  id, name, sort_order, user_id, created_at, is_visible, show_in_quick_log, default_time`;

/** The built-in types and the user's own, in display order. */
export function listMealTypes(tx: Tx, userId: string) {
  return tx<MealType[]>`
    select ${columns(tx)} from meal_types where user_id is null or user_id = ${userId}
     order by sort_order, name`;
}

export async function createMealType(
  tx: Tx,
  userId: string,
  input: z.infer<typeof mealTypeInputSchema>,
) {
  const [row] = await tx<MealType[]>`
    insert into meal_types ${tx({ ...input, user_id: userId })} returning ${columns(tx)}`;
  return row!;
}

/** Updates one of the user's own types; built-in ones cannot be changed (null). */
export async function updateMealType(
  tx: Tx,
  userId: string,
  id: string,
  input: Partial<z.infer<typeof mealTypeInputSchema>>,
) {
  if (Object.keys(input).length === 0) {
    const [row] = await tx<
      MealType[]
    >`select ${columns(tx)} from meal_types where id = ${id} and user_id = ${userId}`;
    return row ?? null;
  }
  const [row] = await tx<MealType[]>`
    update meal_types set ${tx(input)} where id = ${id} and user_id = ${userId} returning ${columns(tx)}`;
  return row ?? null;
}

/** Deletes one of the user's own types; "in_use" when diary entries still use it. */
export async function deleteMealType(
  tx: Tx,
  userId: string,
  id: string,
): Promise<"deleted" | "in_use" | null> {
  const [used] = await tx`
    select 1 from food_entries where user_id = ${userId} and meal_type_id = ${id}
    union all select 1 from food_entry_meals where user_id = ${userId} and meal_type_id = ${id} limit 1`;
  if (used) return "in_use";
  const deleted = await tx`delete from meal_types where id = ${id} and user_id = ${userId}`;
  return deleted.count > 0 ? "deleted" : null;
}

/** The meal type an entry names by id or by name (the user's own first), or a 400. */
export async function resolveMealType(
  tx: Tx,
  userId: string,
  ref: { meal_type_id?: string | null; meal_type?: string | null },
): Promise<MealType> {
  const byId = ref.meal_type_id && isUuid(ref.meal_type_id) ? ref.meal_type_id : null;
  const name = ref.meal_type?.trim() || null;
  if (!byId && !name) throw new HttpError(400, "meal_type_id or meal_type is required.");
  const [row] = await tx<MealType[]>`
    select ${columns(tx)} from meal_types
     where (user_id is null or user_id = ${userId})
       and ${byId ? tx`id = ${byId}` : tx`lower(name) = lower(${name})`}
     order by user_id nulls last limit 1`;
  if (!row) throw new HttpError(400, "Unknown meal type.");
  return row;
}

/** A meal type a client names by one string: an id, or a name such as "breakfast". */
export function resolveMealTypeRef(tx: Tx, userId: string, ref: string): Promise<MealType> {
  return resolveMealType(tx, userId, { meal_type: ref, meal_type_id: ref });
}
