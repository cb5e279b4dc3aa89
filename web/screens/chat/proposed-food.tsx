import { Field } from "../../components/ui.tsx";

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

const FIGURES = [
  ["serving_size", "Serving"],
  ["calories", "Calories (kcal)"],
  ["protein", "Protein (g)"],
  ["carbs", "Carbs (g)"],
  ["fat", "Fat (g)"],
] as const;

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
          {food.confidence && <small class="hint"> · {food.confidence} confidence</small>}
        </label>
      </legend>
      <div class="grid fields">
        <Field
          label="Name"
          value={food.name}
          onInput={(e) => onChange({ ...food, name: e.currentTarget.value }, keep)}
        />
        {FIGURES.map(([key, label]) => (
          <Field
            label={key === "serving_size" ? `${label} (${food.serving_unit})` : label}
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
