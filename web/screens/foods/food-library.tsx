import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import { Card, ErrorText, Notice, Placeholder } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { givenNumber, number } from "../../lib/units.ts";
import { lazyScreen } from "../../lib/lazy.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { localImage } from "../diary/entry-row.tsx";
import { FoodForm } from "./food-form.tsx";
import { VariantsEditor } from "./variants-editor.tsx";

type Page = { foods: Food[]; totalCount: number };

const OffContribution = lazyScreen(() =>
  import("./off-contribution.tsx").then((m) => m.OffContribution),
);

/**
 * The food library: search, create, edit, favourite, delete (hidden when the diary uses it)
 * and contribute one's own food with a barcode to Open Food Facts.
 */
export function FoodLibrary(props: { newBarcode?: string }) {
  const [term, setTerm] = useState("");
  const [editing, setEditing] = useState<Food | "new" | null>(props.newBarcode ? "new" : null);
  const [contributing, setContributing] = useState<Food | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = new URLSearchParams({ searchTerm: term, itemsPerPage: "50", currentPage: "1" });
  const list = useLoad(() => get<Page>(`/api/foods/foods-paginated?${query}`), [term]);
  const favourites = useLoad(() => get<{ favoriteFoods: Food[] }>("/api/favorites"), []);
  const favourite = new Set(favourites.data?.favoriteFoods.map((f) => f.id));
  const fail = (e: unknown) => setError(errorMessage(e));

  const toggleFavourite = (food: Food) =>
    (favourite.has(food.id)
      ? del(`/api/favorites/food/${food.id}`)
      : post(`/api/favorites/food/${food.id}`)
    ).then(favourites.reload, fail);
  const remove = (food: Food) =>
    del<{ message: string }>(`/api/foods/${food.id}`).then(
      // The server's two answers, said in the user's language.
      (answer) => (
        setNotice(t(answer.message.includes("hidden") ? "foods.hidden" : "foods.deleted")),
        list.reload()
      ),
      fail,
    );
  const saved = (food: Food) => {
    setEditing(null);
    setNotice(t("foods.saved", { food: food.name }));
    list.reload();
  };

  return (
    <Card title={t("foods.library")}>
      <div class="actions library-search">
        <label class="inline-field">
          {t("foods.search")}
          <input
            type="search"
            value={term}
            onInput={(e) => setTerm((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <button type="button" onClick={() => setEditing("new")}>
          {t("foods.newFood")}
        </button>
      </div>
      {editing && (
        <FoodForm
          food={editing === "new" ? undefined : editing}
          barcode={props.newBarcode}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      )}
      {editing && editing !== "new" && <VariantsEditor key={editing.id} food={editing} />}
      {contributing && (
        <OffContribution
          key={contributing.id}
          food={contributing}
          onClose={() => setContributing(null)}
        />
      )}
      {notice && <Notice>{notice}</Notice>}
      <ErrorText error={error ?? list.error} />
      {!list.data ? (
        <Placeholder height={200} />
      ) : (
        <ul class="list">
          {list.data.foods.map((food) => (
            <li class="key-row food-row">
              {localImage(food.images) && (
                <img src={localImage(food.images)} alt="" width={40} height={40} />
              )}
              <span class="entry-name">
                {food.name}
                <small>
                  {food.brand ? `${food.brand} · ` : ""}
                  {t("foods.perServing", {
                    kcal: givenNumber(food.default_variant.calories, 0),
                    size: number(food.default_variant.serving_size),
                    unit: food.default_variant.serving_unit,
                  })}
                </small>
              </span>
              <button
                type="button"
                class="link-button"
                aria-pressed={favourite.has(food.id)}
                aria-label={t("foods.favourite", { food: food.name })}
                onClick={() => toggleFavourite(food)}
              >
                {favourite.has(food.id) ? "★" : "☆"}
              </button>
              <button
                type="button"
                class="link-button"
                aria-label={t("entry.editFood", { food: food.name })}
                onClick={() => setEditing(food)}
              >
                {t("entry.edit")}
              </button>
              {food.is_custom && food.barcode && (
                <button
                  type="button"
                  class="link-button"
                  aria-label={t("foods.contributeFood", { food: food.name })}
                  onClick={() => setContributing(food)}
                >
                  {t("foods.contribute")}
                </button>
              )}
              <button
                type="button"
                class="link-button"
                aria-label={t("entry.deleteFood", { food: food.name })}
                onClick={() => remove(food)}
              >
                {t("entry.delete")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data && <p class="hint">{t("foods.count", { count: list.data.totalCount })}</p>}
    </Card>
  );
}
