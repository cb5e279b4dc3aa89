import type postgres from "postgres";
import { builtinFoodId } from "./ids.ts";
import { parseCatalogue, readCatalogueBytes } from "./catalogue-file.ts";
import { searchWords } from "../../lib/search-text.ts";

const NAME = "usda_sr24";
// Any constant works; shared by every process loading this database.
const LOAD_LOCK_KEY = 7_301_043;

/**
 * Fills the shared built-in food catalogue from the data file in the binary when it holds
 * other data (first start, or an upgrade that changed the file): one transaction, two
 * inserts. A start with the same data reads one row and hashes the file. Returns whether it loaded.
 */
export async function loadBuiltinFoods(owner: postgres.Sql): Promise<boolean> {
  const bytes = await readCatalogueBytes();
  const digest = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  const current = async (sql: postgres.Sql) =>
    (
      await sql<{ digest: string }[]>`
      select digest from catalogue.loaded_data where name = ${NAME}`
    )[0]?.digest;
  if ((await current(owner)) === digest) return false;
  return owner.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${LOAD_LOCK_KEY})`;
    if ((await current(tx as unknown as postgres.Sql)) === digest) return false;
    const foods = parseCatalogue(bytes);
    await tx`delete from catalogue.builtin_food_words`;
    await tx`delete from catalogue.builtin_foods`;
    // The rows go as one JSON document PostgreSQL unpacks: far faster than bound parameters.
    const rows = foods.map((food) => ({
      id: builtinFoodId(food.ndb),
      ndb: food.ndb,
      name: food.name,
      head_words: searchWords(food.name.split(",")[0]!).join(" "),
      word_count: searchWords(food.name).length,
      per_100g: food.per100g,
      measures: food.measures,
    }));
    await tx`
      insert into catalogue.builtin_foods
      select * from json_populate_recordset(null::catalogue.builtin_foods, ${JSON.stringify(rows)}::text::json)`;
    const words = foods.flatMap((food) =>
      [...new Set(searchWords(food.name))].map((word) => ({ word, ndb: food.ndb })),
    );
    await tx`
      insert into catalogue.builtin_food_words
      select * from json_populate_recordset(null::catalogue.builtin_food_words, ${JSON.stringify(words)}::text::json)`;
    await tx`
      insert into catalogue.loaded_data (name, digest, food_count)
      values (${NAME}, ${digest}, ${foods.length})
      on conflict (name) do update
        set digest = excluded.digest, food_count = excluded.food_count, loaded_at = now()`;
    return true;
  });
}
