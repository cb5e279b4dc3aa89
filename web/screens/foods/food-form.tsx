import { useState } from "preact/hooks";
import { errorMessage, post, put } from "../../api/client.ts";
import { MICRONUTRIENTS, type Food } from "../../api/food-types.ts";
import { ErrorText, Field } from "../../components/ui.tsx";

const MAIN = [
  ["calories", "Calories (kcal)"],
  ["protein", "Protein (g)"],
  ["carbs", "Carbs (g)"],
  ["fat", "Fat (g)"],
] as const;
/** Every nutrient the diary tracks: the main four, then what a label may add. */
const NUMBERS = [
  ...MAIN,
  ...MICRONUTRIENTS.map(([key, label, unit]) => [key, `${label} (${unit})`] as const),
];

/** Creates a food, or edits one: its name, brand, barcode and the default serving's figures. */
export function FoodForm(props: {
  food?: Food;
  /** A new food's barcode (one the barcode lookup did not find). */
  barcode?: string;
  onSaved: (food: Food) => void;
  onCancel?: () => void;
}) {
  const { food } = props;
  const serving = food?.default_variant;
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const variant: Record<string, unknown> = {
      serving_size: Number(form.get("serving_size")),
      serving_unit: text("serving_unit"),
    };
    for (const [key] of NUMBERS) if (text(key)) variant[key] = Number(text(key));
    const body = {
      name: text("name"),
      brand: text("brand") || null,
      barcode: text("barcode") || null,
      default_variant: variant,
    };
    try {
      props.onSaved(
        food
          ? await put<Food>(`/api/foods/${food.id}`, body)
          : await post<Food>("/api/foods", body),
      );
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const nutrientField = (key: (typeof NUMBERS)[number][0], label: string) => (
    <Field
      label={label}
      name={key}
      type="number"
      step="any"
      min="0"
      defaultValue={serving?.[key] == null ? "" : String(serving[key])}
    />
  );
  return (
    <form class="stack" onSubmit={submit}>
      <div class="grid fields">
        <Field label="Name" name="name" required defaultValue={food?.name ?? ""} />
        <Field label="Brand" name="brand" defaultValue={food?.brand ?? ""} />
        <Field
          label="Barcode"
          name="barcode"
          inputMode="numeric"
          defaultValue={food?.barcode ?? props.barcode ?? ""}
        />
        <Field
          label="Serving size"
          name="serving_size"
          type="number"
          step="any"
          min="0"
          required
          defaultValue={String(serving?.serving_size ?? 100)}
        />
        <Field
          label="Serving unit"
          name="serving_unit"
          required
          defaultValue={serving?.serving_unit ?? "g"}
        />
        {MAIN.map(([key, label]) => nutrientField(key, label))}
      </div>
      <details open={MICRONUTRIENTS.some(([key]) => serving?.[key] != null)}>
        <summary>More nutrients (fibre, sugars, fats, sodium, vitamins, minerals)</summary>
        <div class="grid fields">
          {NUMBERS.slice(MAIN.length).map(([key, label]) => nutrientField(key, label))}
        </div>
      </details>
      <div class="actions">
        <button type="submit" class="primary">
          {food ? "Save food" : "Create food"}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
      <ErrorText error={error} />
    </form>
  );
}
