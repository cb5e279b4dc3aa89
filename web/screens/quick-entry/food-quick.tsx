import { useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import type { MealType } from "../../api/food-types.ts";
import { ErrorText, Notice, Placeholder, Select } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { AddFood } from "../diary/add-food.tsx";
import { t } from "../../i18n/i18n.ts";

// The meal a food most likely belongs to at this hour, when the account has it.
function mealOfTheHour(meals: MealType[], hour: number): MealType | undefined {
  const name = hour < 10 ? "breakfast" : hour < 15 ? "lunch" : hour < 21 ? "dinner" : "snacks";
  return meals.find((m) => m.name === name) ?? meals[0];
}

/** A food for one of today's meals, found or typed the same ways as in the diary. */
export function FoodQuick(props: { onSaved: () => void }) {
  const meals = useLoad(() => get<MealType[]>("/api/meal-types"), []);
  const [mealId, setMealId] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  if (!meals.data) return <Placeholder height={120} />;
  const visible = meals.data.filter((m) => m.is_visible);
  const meal =
    visible.find((m) => m.id === mealId) ?? mealOfTheHour(visible, new Date().getHours());
  if (!meal) return <ErrorText error={meals.error ?? t("quick.noMeal")} />;
  return (
    <div class="stack">
      <Select
        label={t("entry.meal")}
        options={visible.map((m) => [m.id, m.name[0]!.toUpperCase() + m.name.slice(1)])}
        defaultValue={meal.id}
        onChange={(e) => setMealId((e.currentTarget as HTMLSelectElement).value)}
      />
      <AddFood
        key={meal.id}
        day={today()}
        mealType={meal}
        onAdded={() => (setAdded(t("quick.addedTo", { meal: meal.name })), props.onSaved())}
      />
      {added && <Notice>{added}</Notice>}
    </div>
  );
}
