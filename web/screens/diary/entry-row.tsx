import { useState } from "preact/hooks";
import { del, errorMessage, put } from "../../api/client.ts";
import { eaten, type FoodEntry, type MealType } from "../../api/food-types.ts";
import { ErrorText } from "../../components/ui.tsx";
import { givenNumber, number } from "../../lib/units.ts";
import { t } from "../../i18n/i18n.ts";

/** Only our own uploads are shown: the page's policy blocks other origins' images. */
export function localImage(images: string[]): string | undefined {
  return images.find((src) => src.startsWith("/uploads/"));
}

/** One diary entry; Edit opens the quantity and the meal it belongs to, and Delete. */
export function EntryRow(props: { entry: FoodEntry; mealTypes: MealType[]; onChange: () => void }) {
  const { entry } = props;
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const image = localImage(entry.images);

  const save = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      await put(`/api/food-entries/${entry.id}`, {
        quantity: Number(form.get("quantity")),
        meal_type_id: String(form.get("meal_type_id")),
      });
      setEditing(false);
      props.onChange();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const remove = () =>
    del(`/api/food-entries/${entry.id}`).then(props.onChange, (e) => setError(errorMessage(e)));

  return (
    <li class="entry">
      <div class="entry-main">
        {image && <img src={image} alt="" width={40} height={40} />}
        <span class="entry-name">
          {entry.food_name}
          {entry.brand_name && <small> · {entry.brand_name}</small>}
          <small>
            {number(entry.quantity)} {entry.unit}
          </small>
        </span>
        <span class="entry-kcal">
          {t("diary.kcal", {
            kcal: givenNumber(entry.calories === null ? null : eaten(entry, "calories"), 0),
          })}
        </span>
        <button
          type="button"
          class="link-button"
          aria-expanded={editing}
          aria-label={t("entry.editFood", { food: entry.food_name })}
          onClick={() => setEditing(!editing)}
        >
          {t("entry.edit")}
        </button>
      </div>
      {editing && (
        <form class="entry-edit" onSubmit={save}>
          <label>
            {t("entry.amount", { unit: entry.unit })}
            <input
              name="quantity"
              type="number"
              step="any"
              min="0"
              defaultValue={String(entry.quantity)}
            />
          </label>
          <label>
            {t("entry.meal")}
            <select name="meal_type_id">
              {props.mealTypes.map((m) => (
                <option value={m.id} selected={m.id === entry.meal_type_id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="primary">
            {t("entry.save")}
          </button>
          <button
            type="button"
            onClick={remove}
            aria-label={t("entry.deleteFood", { food: entry.food_name })}
          >
            {t("entry.delete")}
          </button>
          <ErrorText error={error} />
        </form>
      )}
    </li>
  );
}
