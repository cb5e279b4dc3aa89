import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import type { Food, Variant } from "../../api/food-types.ts";
import { ErrorText, Field } from "../../components/ui.tsx";
import { number } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";

/** A food's other servings (a slice, a cup): each with its own figures, picked in the diary. */
export function VariantsEditor({ food }: { food: Food }) {
  const variants = useLoad(
    () => get<Variant[]>(`/api/foods/food-variants?food_id=${food.id}`),
    [food.id],
  );
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorMessage(e));
  const add = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const value = (name: string) => Number(f.get(name) || 0);
    post("/api/foods/food-variants", {
      food_id: food.id,
      serving_size: value("serving_size"),
      serving_unit: f.get("serving_unit"),
      calories: value("calories"),
      protein: value("protein"),
      carbs: value("carbs"),
      fat: value("fat"),
    }).then(() => (form.reset(), variants.reload()), fail);
  };
  return (
    <section class="stack" aria-label={`Servings of ${food.name}`}>
      <h3>Servings</h3>
      <ul class="list">
        {variants.data?.map((v) => (
          <li class="key-row">
            <span>
              {number(v.serving_size)} {v.serving_unit} · {number(v.calories, 0)} kcal
              {v.is_default && " (default)"}
            </span>
            {!v.is_default && (
              <button
                type="button"
                class="link-button"
                aria-label={`Delete the ${v.serving_size} ${v.serving_unit} serving`}
                onClick={() => del(`/api/foods/food-variants/${v.id}`).then(variants.reload, fail)}
              >
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      <form class="inline-field wrap" onSubmit={add}>
        <Field label="Size" name="serving_size" type="number" step="any" min="0" required />
        <Field label="Unit" name="serving_unit" required />
        <Field label="kcal" name="calories" type="number" step="any" min="0" required />
        <Field label="Protein g" name="protein" type="number" step="any" min="0" />
        <Field label="Carbs g" name="carbs" type="number" step="any" min="0" />
        <Field label="Fat g" name="fat" type="number" step="any" min="0" />
        <button type="submit">Add serving</button>
      </form>
      <ErrorText error={error ?? variants.error} />
    </section>
  );
}
