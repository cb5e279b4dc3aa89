import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import type { Food, Variant } from "../../api/food-types.ts";
import { ErrorText, Field } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { givenNumber, number, numberOrNull } from "../../lib/units.ts";
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
    const value = (name: string) => numberOrNull(f.get(name));
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
    <section class="stack" aria-label={t("foods.servingsOf", { food: food.name })}>
      <h3>{t("foods.servings")}</h3>
      <ul class="list">
        {variants.data?.map((v) => (
          <li class="key-row">
            <span>
              {t(v.is_default ? "foods.defaultServing" : "foods.serving", {
                size: number(v.serving_size),
                unit: v.serving_unit,
                kcal: givenNumber(v.calories, 0),
              })}
            </span>
            {!v.is_default && (
              <button
                type="button"
                class="link-button"
                aria-label={t("foods.deleteServing", {
                  size: number(v.serving_size),
                  unit: v.serving_unit,
                })}
                onClick={() => del(`/api/foods/food-variants/${v.id}`).then(variants.reload, fail)}
              >
                {t("entry.delete")}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form class="inline-field wrap" onSubmit={add}>
        <Field
          label={t("foods.size")}
          name="serving_size"
          type="number"
          step="any"
          min="0"
          required
        />
        <Field label={t("foods.unit")} name="serving_unit" required />
        <Field label={t("foods.kcal")} name="calories" type="number" step="any" min="0" required />
        <Field label={t("foods.proteinG")} name="protein" type="number" step="any" min="0" />
        <Field label={t("foods.carbsG")} name="carbs" type="number" step="any" min="0" />
        <Field label={t("foods.fatG")} name="fat" type="number" step="any" min="0" />
        <button type="submit">{t("foods.addServing")}</button>
      </form>
      <ErrorText error={error ?? variants.error} />
    </section>
  );
}
