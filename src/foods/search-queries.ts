import { presentBuiltinFood } from "../builtin-foods/present.ts";
import { searchBuiltinFoods } from "../builtin-foods/queries.ts";
import type { Tx } from "../db.ts";
import { foodJsonSelect, listFoodsById } from "./queries.ts";
import type { Food } from "./schemas.ts";
import { searchWordPatterns } from "../lib/search-text.ts";

/**
 * A page of the user's visible library matching every word of `term` in name, brand or
 * barcode (in any order, case- and accent-insensitive, singular or plural), most recently used first, then most used, then newest.
 */
export async function searchFoods(
  tx: Tx,
  userId: string,
  term: string,
  page: number,
  pageSize: number,
): Promise<{ foods: Food[]; totalCount: number }> {
  const [row] = await searchFoodsJson(tx, userId, term, page, pageSize);
  return JSON.parse(row!.body);
}

/**
 * The page of searchFoods as the JSON text of the foods page's answer (`foods`,
 * `totalCount`), built by PostgreSQL in one statement: no row objects, no second query for
 * the page's foods, no JSON.stringify. Same keys and values as foods through foodSchema.
 */
export function searchFoodsJson(
  tx: Tx,
  userId: string,
  term: string,
  page: number,
  pageSize: number,
) {
  const patterns = searchWordPatterns(term);
  return tx<{ body: string }[]>`
    with matches as (
      select f.id, row_number() over (
               order by u.last_used desc nulls last, u.uses desc, f.created_at desc, f.id) as n,
             count(*) over () as total
        from foods f
        left join lateral (
          select max(e.created_at) as last_used, count(*) as uses
            from food_entries e where e.food_id = f.id) u on true
       where f.user_id = ${userId} and not f.is_quick_food
         and (${term} = '' or f.search_text like all(${patterns}::text[]))
    )
    select json_build_object(
             'foods', coalesce((
               select json_agg(food order by m.n)
                 from matches m join foods f on f.id = m.id
                cross join lateral (select ${foodJsonSelect(tx)}) food
                where m.n > ${(page - 1) * pageSize} and m.n <= ${page * pageSize}), '[]'),
             'totalCount', coalesce((select total from matches limit 1), 0)
           )::text as body`;
}

/**
 * The foods page of a search: the user's matching foods (as searchFoodsJson), then the
 * built-in foods matching the term, by relevance. Returns the answer's JSON text.
 */
export async function searchLibraryAndBuiltins(
  tx: Tx,
  userId: string,
  term: string,
  page: number,
  pageSize: number,
): Promise<string> {
  const [row] = await searchFoodsJson(tx, userId, term, page, pageSize);
  if (term === "") return row!.body;
  const mine = JSON.parse(row!.body) as { foods: unknown[]; totalCount: number };
  const builtins = await searchBuiltinFoods(
    tx,
    userId,
    term,
    Math.max(0, (page - 1) * pageSize - mine.totalCount),
    pageSize - mine.foods.length,
  );
  return JSON.stringify({
    foods: [...mine.foods, ...builtins.rows.map((food) => presentBuiltinFood(food, userId))],
    totalCount: mine.totalCount + builtins.total,
  });
}

/** The phone app's food screen: recently logged foods and the most logged ones. */
export async function listRecentAndTopFoods(tx: Tx, userId: string, limit: number) {
  const recent = await tx<{ id: string }[]>`
    select food_id as id from food_entries
     where user_id = ${userId} and food_id is not null
     group by food_id order by max(created_at) desc limit ${limit}`;
  const top = await tx<{ id: string; uses: number }[]>`
    select food_id as id, count(*)::int as uses from food_entries
     where user_id = ${userId} and food_id is not null
     group by food_id order by count(*) desc, max(created_at) desc limit ${limit}`;
  const visible = (foods: Food[]) => foods.filter((food) => !food.is_quick_food);
  const recentFoods = visible(
    await listFoodsById(
      tx,
      userId,
      recent.map((r) => r.id),
    ),
  );
  const uses = new Map(top.map((r) => [r.id, r.uses]));
  const topFoods = visible(
    await listFoodsById(
      tx,
      userId,
      top.map((r) => r.id),
    ),
  ).map((food) => ({
    ...food,
    usage_count: uses.get(food.id)!,
  }));
  return { recentFoods, topFoods };
}

/** The user's food with this barcode, or null. */
export async function findFoodByBarcode(
  tx: Tx,
  userId: string,
  barcode: string,
): Promise<Food | null> {
  const [row] = await tx<{ id: string }[]>`
    select id from foods where user_id = ${userId} and barcode = ${barcode}
     order by is_quick_food, created_at limit 1`;
  if (!row) return null;
  const [food] = await listFoodsById(tx, userId, [row.id]);
  return food ?? null;
}
