import { useRef, useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import { QueuedOffline } from "../../api/outbox.ts";
import type { Food, MealTemplate, MealType } from "../../api/food-types.ts";
import { ErrorText } from "../../components/ui.tsx";
import { BarcodeLookup } from "./barcode-lookup.tsx";
import { FoodSearch } from "./food-search.tsx";
import { MealPicker } from "./meal-picker.tsx";
import { QuickAdd, type QuickEntry } from "./quick-add.tsx";
import { ServingPicker, type Serving } from "./serving-picker.tsx";
import { t } from "../../i18n/i18n.ts";

const WAYS = [
  ["search", "add.search"],
  ["barcode", "add.barcode"],
  ["meal", "add.meal"],
  ["quick", "add.quick"],
] as const;
type Way = (typeof WAYS)[number][0];

/** Adds to one meal of a day: a food found by search or barcode, a meal template, or a quick entry. */
export function AddFood(props: { day: string; mealType: MealType; onAdded: () => void }) {
  const [way, setWay] = useState<Way>("search");
  const [food, setFood] = useState<Food | null>(null);
  const [error, setError] = useState<string | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const target = { entry_date: props.day, meal_type_id: props.mealType.id };

  // The form that had focus is gone after a log: focus goes back to the search, not <body>.
  const ready = () => {
    setFood(null);
    requestAnimationFrame(() => host.current?.querySelector<HTMLElement>("input")?.focus());
  };
  const send = async (path: string, body: Record<string, unknown>) => {
    setError(null);
    try {
      await post(path, { ...target, ...body });
      ready();
      props.onAdded();
    } catch (e) {
      setError(errorMessage(e));
      // Kept for when the network returns: the outbox bar lists it as pending.
      if (e instanceof QueuedOffline && e.kept) ready();
    }
  };
  const logFood = (serving: Serving) =>
    send("/api/food-entries", { food_id: food!.id, ...serving });
  const logQuick = (entry: QuickEntry) =>
    send("/api/food-entries", {
      ...entry,
      quantity: 1,
      unit: "serving",
      serving_size: 1,
      serving_unit: "serving",
    });
  const logMeal = (meal: MealTemplate) =>
    send("/api/food-entry-meals", { meal_template_id: meal.id });

  return (
    <div class="add-food" ref={host}>
      <div role="group" aria-label={t("add.ways")} class="segmented">
        {WAYS.map(([id, label]) => (
          <button
            type="button"
            aria-pressed={way === id}
            onClick={() => (setWay(id), setFood(null))}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {food ? (
        <ServingPicker food={food} onLog={logFood} onCancel={() => setFood(null)} />
      ) : way === "search" ? (
        <FoodSearch onPick={setFood} />
      ) : way === "barcode" ? (
        <BarcodeLookup onPick={setFood} />
      ) : way === "meal" ? (
        <MealPicker onPick={logMeal} />
      ) : (
        <QuickAdd onLog={logQuick} />
      )}
      <ErrorText error={error} />
    </div>
  );
}
