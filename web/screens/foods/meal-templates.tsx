import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import type { Food, MealTemplate } from "../../api/food-types.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { number } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";
import { FoodSearch } from "../diary/food-search.tsx";

type Item = { food: Food; quantity: number };

/** Meal templates: the foods logged together, to log again in one step from the diary. */
export function MealTemplates() {
  const meals = useLoad(() => get<MealTemplate[]>("/api/meals"), []);
  const [items, setItems] = useState<Item[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorMessage(e));
  const create = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const foods = items.map(({ food, quantity }) => ({
      food_id: food.id,
      variant_id: food.default_variant.id,
      quantity,
      unit: food.default_variant.serving_unit,
    }));
    post("/api/meals", { name: new FormData(form).get("name"), foods }).then(
      () => (form.reset(), setItems([]), meals.reload()),
      fail,
    );
  };
  return (
    <Card title={t("foods.mealTemplates")}>
      {!meals.data ? (
        <Placeholder height={120} />
      ) : meals.data.length === 0 ? (
        <p class="hint">{t("foods.noTemplates")}</p>
      ) : (
        <ul class="list">
          {meals.data.map((meal) => (
            <li class="key-row">
              <span>
                <strong>{meal.name}</strong>
                <br />
                <small class="hint">
                  {meal.foods
                    .map((f) => `${f.food_name} ${number(f.quantity)} ${f.unit}`)
                    .join(", ")}
                </small>
              </span>
              <button
                type="button"
                class="link-button"
                aria-label={t("entry.deleteFood", { food: meal.name })}
                onClick={() => del(`/api/meals/${meal.id}`).then(meals.reload, fail)}
              >
                {t("entry.delete")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="stack new-template" onSubmit={create}>
        <h3>{t("foods.newTemplate")}</h3>
        <Field label={t("template.name")} name="name" required />
        <FoodSearch
          onPick={(food) =>
            setItems([...items, { food, quantity: food.default_variant.serving_size }])
          }
        />
        <ul class="list">
          {items.map((item, i) => (
            <li class="key-row">
              <label class="inline-field">
                {item.food.name} ({item.food.default_variant.serving_unit})
                <input
                  type="number"
                  step="any"
                  min="0"
                  value={item.quantity}
                  onInput={(e) =>
                    setItems(
                      items.map((it, j) =>
                        j === i
                          ? { ...it, quantity: Number((e.currentTarget as HTMLInputElement).value) }
                          : it,
                      ),
                    )
                  }
                />
              </label>
              <button
                type="button"
                class="link-button"
                aria-label={t("foods.removeFood", { food: item.food.name })}
                onClick={() => setItems(items.filter((_, j) => j !== i))}
              >
                {t("foods.remove")}
              </button>
            </li>
          ))}
        </ul>
        <button type="submit" class="primary" disabled={!items.length}>
          {t("foods.createTemplate")}
        </button>
      </form>
      <ErrorText error={error ?? meals.error} />
    </Card>
  );
}
