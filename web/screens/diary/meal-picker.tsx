import { get } from "../../api/client.ts";
import type { MealTemplate } from "../../api/food-types.ts";
import { useLoad } from "../../lib/use-load.ts";

/** The meal templates, to log one whole. */
export function MealPicker(props: { onPick: (meal: MealTemplate) => void }) {
  const meals = useLoad(() => get<MealTemplate[]>("/api/meals"), []);
  if (!meals.data) return <p class="hint">Loading meals…</p>;
  if (!meals.data.length) {
    return (
      <p class="hint">
        No meal templates yet: save a day's meal as one below, or create one under{" "}
        <a href="#/foods/meals">Foods</a>.
      </p>
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
            Log {meal.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
