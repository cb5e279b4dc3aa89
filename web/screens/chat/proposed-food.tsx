import { Field } from "../../components/ui.tsx";
import { t, type MessageKey } from "../../i18n/i18n.ts";

export type ProposedFood = {
  name: string;
  brand?: string | null;
  serving_size: number;
  serving_unit: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  confidence?: "low" | "medium" | "high";
};

const FIGURES: ["calories" | "protein" | "carbs" | "fat", MessageKey][] = [
  ["calories", "quickAdd.calories"],
  ["protein", "quickAdd.protein"],
  ["carbs", "quickAdd.carbs"],
  ["fat", "quickAdd.fat"],
];

/** One food the model proposed, editable, with a tick to keep it. */
export function ProposedFoodRow(props: {
  food: ProposedFood;
  keep: boolean;
  onChange: (food: ProposedFood, keep: boolean) => void;
}) {
  const { food, keep, onChange } = props;
  return (
    <fieldset class="proposed-food">
      <legend>
        <label>
          <input
            type="checkbox"
            checked={keep}
            onChange={(e) => onChange(food, (e.currentTarget as HTMLInputElement).checked)}
          />{" "}
          {food.name}
          {food.confidence && (
            <small class="hint">
              {" · "}
              {t("foodPhoto.confidence", { level: food.confidence })}
            </small>
          )}
        </label>
      </legend>
      <div class="grid fields">
        <Field
          label={t("quickAdd.name")}
          value={food.name}
          onInput={(e) => onChange({ ...food, name: e.currentTarget.value }, keep)}
        />
        {[["serving_size", "foodPhoto.serving"] as const, ...FIGURES].map(([key, label]) => (
          <Field
            label={t(label, { unit: food.serving_unit })}
            type="number"
            step="any"
            min="0"
            value={food[key]}
            onInput={(e) => onChange({ ...food, [key]: Number(e.currentTarget.value) }, keep)}
          />
        ))}
      </div>
    </fieldset>
  );
}
