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

/** The built-in types (with the user's own settings of them) and the user's own, in display order. */
export function listMealTypes(tx: Tx, userId: string) {
  return tx<MealType[]>`
    select ${personalColumns(tx)}
      from meal_types t left join meal_type_settings s on s.meal_type_id = t.id and s.user_id = ${userId}
     where t.user_id is null or t.user_id = ${userId}
     order by t.sort_order, t.name`;
}

// A built-in type's visibility, quick log and default time as the user set them.
const personalColumns = (tx: Tx) => tx`
  t.id, t.name, t.sort_order, t.user_id, t.created_at,
  coalesce(s.is_visible, t.is_visible) as is_visible,
  coalesce(s.show_in_quick_log, t.show_in_quick_log) as show_in_quick_log,
  case when s.user_id is null then t.default_time else s.default_time end as default_time`;

const PERSONAL_SETTINGS = ["is_visible", "show_in_quick_log", "default_time"] as const;

/**
 * A built-in type's settings for this user (visibility, quick log, default time); null when
 * the change names anything else (a built-in type's name and order are everyone's).
 */
async function updateBuiltInSettings(
  tx: Tx,
  userId: string,
  id: string,
  input: Partial<z.infer<typeof mealTypeInputSchema>>,
) {
  if (!Object.keys(input).every((k) => (PERSONAL_SETTINGS as readonly string[]).includes(k)))
    return null;
  const personal = () => tx<MealType[]>`
    select ${personalColumns(tx)}
      from meal_types t left join meal_type_settings s on s.meal_type_id = t.id and s.user_id = ${userId}
     where t.id = ${id} and t.user_id is null`;
  const [current] = await personal();
  if (!current) return null;
  const settings = {
    user_id: userId,
    meal_type_id: id,
    is_visible: input.is_visible ?? current.is_visible,
    show_in_quick_log: input.show_in_quick_log ?? current.show_in_quick_log,
    default_time: input.default_time === undefined ? current.default_time : input.default_time,
  };
  await tx`
    insert into meal_type_settings ${tx(settings)}
    on conflict (user_id, meal_type_id) do update
      set is_visible = excluded.is_visible, show_in_quick_log = excluded.show_in_quick_log,
          default_time = excluded.default_time, updated_at = now()`;
  const [row] = await personal();
  return row!;
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

/**
 * Updates one of the user's own types, or the user's settings of a built-in one (its name
 * and order cannot be changed: null).
 */
export async function updateMealType(
  tx: Tx,
  userId: string,
  id: string,
  input: Partial<z.infer<typeof mealTypeInputSchema>>,
) {
  const builtIn = await updateBuiltInSettings(tx, userId, id, input);
  if (builtIn) return builtIn;
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
