import type { Tx } from "../db.ts";
import { BUILTIN_PROVIDER, type BuiltinRow } from "./present.ts";
import { searchWords } from "../lib/search-text.ts";

const COLUMNS = "b.ndb, b.name, b.per_100g, b.measures";

export async function findBuiltinFood(tx: Tx, ndb: string): Promise<BuiltinRow | null> {
  const [row] = await tx<BuiltinRow[]>`
    select ${tx.unsafe(COLUMNS)} from catalogue.builtin_foods b where b.ndb = ${ndb}`;
  return row ?? null;
}

/**
 * A page of the built-in foods matching every word of `term` (each as the start of a word
 * of the name, in any order, singular or plural, accents ignored), leaving out those the
 * user already has in the library. Ranked by relevance: a name that is the term itself,
 * then names whose first part starts with one of its words ("Bananas, raw" for
 * "banana raw"), then by fewer words (plain foods before dishes).
 */
export async function searchBuiltinFoods(
  tx: Tx,
  userId: string,
  term: string,
  offset: number,
  limit: number,
): Promise<{ rows: BuiltinRow[]; total: number }> {
  const words = searchWords(term);
  if (words.length === 0) return { rows: [], total: 0 };
  const matching = words.reduce(
    (where, word) => tx`${where} and b.ndb in (
      select w.ndb from catalogue.builtin_food_words w
       where w.word >= ${word} and w.word < ${word} || chr(1114111))`,
    tx`b.ndb not in (select provider_external_id from foods
                      where user_id = ${userId} and provider_type = ${BUILTIN_PROVIDER}
                        and provider_external_id is not null)`,
  );
  const order = tx`case when b.head_words = ${words.join(" ")} then 0
              when split_part(b.head_words, ' ', 1) = any(${words}::text[]) then 1
              when b.head_words like ${`${words[0]}%`} then 2
              else 3 end,
         b.word_count, b.name`;
  const [count] = await tx<{ total: number }[]>`
    select count(*)::int as total from catalogue.builtin_foods b where ${matching}`;
  const total = count!.total;
  if (limit <= 0 || offset >= total) return { rows: [], total };
  const rows = await tx<BuiltinRow[]>`
    select ${tx.unsafe(COLUMNS)} from catalogue.builtin_foods b
     where ${matching} order by ${order} offset ${offset} limit ${limit}`;
  return { rows, total };
}
