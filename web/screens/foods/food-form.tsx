import { useState } from "preact/hooks";
import { errorMessage, post, put } from "../../api/client.ts";
import { MICRONUTRIENTS, type Food } from "../../api/food-types.ts";
import { nutrientKey } from "../../api/micronutrients.ts";
import { ErrorText, Field } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";

const MAIN = [
  ["calories", () => t("quickAdd.calories")],
  ["protein", () => t("quickAdd.protein")],
  ["carbs", () => t("quickAdd.carbs")],
  ["fat", () => t("quickAdd.fat")],
] as const;
/** Every nutrient the diary tracks: the main four, then what a label may add. */
const NUMBERS = [
  ...MAIN,
  ...MICRONUTRIENTS.map(
    ([key, , unit]) => [key, () => `${t(nutrientKey(key))} (${unit})`] as const,
  ),
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
  const nutrientField = (key: (typeof NUMBERS)[number][0], label: () => string) => (
    <Field
      label={label()}
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
        <Field label={t("foods.name")} name="name" required defaultValue={food?.name ?? ""} />
        <Field label={t("foods.brand")} name="brand" defaultValue={food?.brand ?? ""} />
        <Field
          label={t("add.barcode")}
          name="barcode"
          inputMode="numeric"
          defaultValue={food?.barcode ?? props.barcode ?? ""}
        />
        <Field
          label={t("foods.servingSize")}
          name="serving_size"
          type="number"
          step="any"
          min="0"
          required
          defaultValue={String(serving?.serving_size ?? 100)}
        />
        <Field
          label={t("foods.servingUnit")}
          name="serving_unit"
          required
          defaultValue={serving?.serving_unit ?? "g"}
        />
        {MAIN.map(([key, label]) => nutrientField(key, label))}
      </div>
      <details open={MICRONUTRIENTS.some(([key]) => serving?.[key] != null)}>
        <summary>{t("foods.moreNutrients")}</summary>
        <div class="grid fields">
          {NUMBERS.slice(MAIN.length).map(([key, label]) => nutrientField(key, label))}
        </div>
      </details>
      <div class="actions">
        <button type="submit" class="primary">
          {food ? t("foods.saveFood") : t("foods.createFood")}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            {t("foods.cancel")}
          </button>
        )}
      </div>
      <ErrorText error={error} />
    </form>
  );
}
