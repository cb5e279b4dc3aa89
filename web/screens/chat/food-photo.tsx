import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import type { MealType } from "../../api/food-types.ts";
import { Card, ErrorText } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { ProposedFoodRow, type ProposedFood } from "./proposed-food.tsx";
import { t } from "../../i18n/i18n.ts";

type Estimate = { kind: "meal" | "label"; foods: ProposedFood[] };

/**
 * A meal photo or a nutrition label read by the model: its proposal is shown for the user
 * to correct and tick, and only the ticked foods are logged (as quick entries of today).
 */
export function FoodPhoto() {
  const mealTypes = useLoad(() => get<MealType[]>("/api/meal-types"), []);
  const [foods, setFoods] = useState<(ProposedFood & { keep: boolean })[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const estimate = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const form = new FormData(event.currentTarget as HTMLFormElement);
      const answer = await post<Estimate>("/api/chat/food-photo", form);
      setFoods(answer.foods.map((food) => ({ ...food, keep: true })));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const log = async (event: Event) => {
    event.preventDefault();
    const meal = String(new FormData(event.currentTarget as HTMLFormElement).get("meal_type_id"));
    const kept = foods!.filter((food) => food.keep);
    setError(null);
    try {
      for (const food of kept) {
        await post("/api/food-entries", {
          entry_date: today(),
          meal_type_id: meal,
          food_name: food.name,
          calories: food.calories,
          protein: food.protein,
          carbs: food.carbs,
          fat: food.fat,
          quantity: food.serving_size,
          unit: food.serving_unit,
          serving_size: food.serving_size,
          serving_unit: food.serving_unit,
        });
      }
      setFoods(null);
      setStatus(t("foodPhoto.logged", { count: kept.length }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Card title={t("foodPhoto.title")} class="food-photo">
      <form class="stack" onSubmit={estimate}>
        <label>
          {t("foodPhoto.photo")}
          <input type="file" name="image" accept="image/*" capture="environment" required />
        </label>
        <label>
          {t("foodPhoto.itShows")}
          <select name="kind">
            <option value="meal">{t("foodPhoto.aMeal")}</option>
            <option value="label">{t("foodPhoto.aLabel")}</option>
          </select>
        </label>
        <button type="submit" disabled={busy}>
          {busy ? t("foodPhoto.reading") : t("foodPhoto.estimate")}
        </button>
      </form>
      {foods && (
        <form class="stack" onSubmit={log} aria-label={t("foodPhoto.proposed")}>
          <p class="hint">{t("foodPhoto.check")}</p>
          {foods.length === 0 && <p>{t("foodPhoto.noFood")}</p>}
          {foods.map((food, index) => (
            <ProposedFoodRow
              food={food}
              keep={food.keep}
              onChange={(next, keep) =>
                setFoods(foods.map((f, i) => (i === index ? { ...next, keep } : f)))
              }
            />
          ))}
          <label>
            {t("foodPhoto.meal")}
            <select name="meal_type_id">
              {mealTypes.data?.map((meal) => (
                <option value={meal.id}>{meal.name}</option>
              ))}
            </select>
          </label>
          <button type="submit" class="primary" disabled={!foods.some((f) => f.keep)}>
            {t("foodPhoto.logTicked")}
          </button>
        </form>
      )}
      {status && <p role="status">{status}</p>}
      <ErrorText error={error ?? mealTypes.error} />
    </Card>
  );
}
