import { get } from "../../api/client.ts";
import type { MealTemplate } from "../../api/food-types.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t, tr } from "../../i18n/i18n.ts";

/** The meal templates, to log one whole. */
export function MealPicker(props: { onPick: (meal: MealTemplate) => void }) {
  const meals = useLoad(() => get<MealTemplate[]>("/api/meals"), []);
  if (!meals.data) return <p class="hint">{t("meals.loading")}</p>;
  if (!meals.data.length) {
    return (
      <p class="hint">{tr("meals.none", { link: <a href="#/foods/meals">{t("nav.foods")}</a> })}</p>
    );
  }
  return (
    <ul class="list">
      {meals.data.map((meal) => (
        <li class="key-row">
          <span>
            {meal.name}
            <small class="hint"> · {meal.foods.map((f) => f.food_name).join(", ")}</small>
          </span>
          <button type="button" onClick={() => props.onPick(meal)}>
            {t("meals.log", { meal: meal.name })}
          </button>
        </li>
      ))}
    </ul>
  );
}
