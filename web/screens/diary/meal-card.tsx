import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import { eaten, type FoodEntry, type MealType } from "../../api/food-types.ts";
import { ErrorText } from "../../components/ui.tsx";
import { addDays } from "../../lib/dates.ts";
import { number } from "../../lib/units.ts";
import { AddFood } from "./add-food.tsx";
import { CopyMeal } from "./copy-meal.tsx";
import { EntryRow } from "./entry-row.tsx";
import { t } from "../../i18n/i18n.ts";

/** One meal of the day: its entries and kcal, adding to it, copying it from yesterday or to another day. */
export function MealCard(props: {
  day: string;
  mealType: MealType;
  mealTypes: MealType[];
  entries: FoodEntry[];
  onChange: () => void;
}) {
  const { mealType, entries } = props;
  const [adding, setAdding] = useState(false);
  const [copying, setCopying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kcal = entries.reduce((sum, e) => sum + eaten(e, "calories"), 0);
  const title = mealType.name[0]!.toUpperCase() + mealType.name.slice(1);

  const copyYesterday = () =>
    post("/api/food-entries/copy", {
      sourceDate: addDays(props.day, -1),
      sourceMealType: mealType.name,
      targetDate: props.day,
      targetMealType: mealType.name,
    }).then(props.onChange, (e) => setError(errorMessage(e)));

  return (
    <section class="card meal" aria-labelledby={`meal-${mealType.id}`}>
      <header class="meal-head">
        <h2 id={`meal-${mealType.id}`}>{title}</h2>
        <span class="entry-kcal">{t("diary.kcal", { kcal: number(kcal, 0) })}</span>
      </header>
      {entries.length > 0 && (
        <ul class="list entries">
          {entries.map((entry) => (
            <EntryRow entry={entry} mealTypes={props.mealTypes} onChange={props.onChange} />
          ))}
        </ul>
      )}
      <div class="actions">
        <button type="button" aria-expanded={adding} onClick={() => setAdding(!adding)}>
          {adding ? t("common.close") : t("diary.addTo", { meal: mealType.name })}
        </button>
        {entries.length === 0 ? (
          <button type="button" class="link-button" onClick={copyYesterday}>
            {t("diary.copyYesterdays", { meal: mealType.name })}
          </button>
        ) : (
          <button
            type="button"
            class="link-button"
            aria-expanded={copying}
            onClick={() => setCopying(!copying)}
          >
            {t("diary.copyToAnotherDay")}
          </button>
        )}
      </div>
      {copying && entries.length > 0 && (
        <CopyMeal day={props.day} mealType={mealType} onClose={() => setCopying(false)} />
      )}
      <ErrorText error={error} />
      {adding && <AddFood day={props.day} mealType={mealType} onAdded={props.onChange} />}
    </section>
  );
}
