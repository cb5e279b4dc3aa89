import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import { ErrorText } from "../../components/ui.tsx";
import { number } from "../../lib/units.ts";

export type Serving = { variant_id: string; quantity: number; unit: string };

// More than this many servings, or this much energy, in one entry is asked about first.
const PLAUSIBLE_SERVINGS = 20;
const PLAUSIBLE_KCAL = 3000;

/**
 * How much of a picked food: one of its servings (household measures and the provider's
 * servings, the default first) and an amount, its unit always shown beside it. An amount of
 * many servings or much energy is questioned before it is logged.
 */
export function ServingPicker(props: {
  food: Food;
  onLog: (serving: Serving) => void;
  onCancel: () => void;
}) {
  const { food } = props;
  const variants = food.variants.length ? food.variants : [food.default_variant];
  const [variantId, setVariantId] = useState(food.default_variant.id);
  const variant = variants.find((v) => v.id === variantId) ?? variants[0]!;
  const [quantity, setQuantity] = useState(variant.serving_size);
  const [questioned, setQuestioned] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const servings = quantity / variant.serving_size;
  const kcal = variant.calories * servings;
  const implausible = servings > PLAUSIBLE_SERVINGS || kcal > PLAUSIBLE_KCAL;

  const submit = (event: Event) => {
    event.preventDefault();
    if (!(quantity > 0)) return setError("The amount must be above 0.");
    if (implausible && !questioned) return setQuestioned(true);
    props.onLog({ variant_id: variant.id, quantity, unit: variant.serving_unit });
  };
  const copyToMyFoods = async () => {
    setError(null);
    try {
      const copy = await post<Food>("/api/foods/builtin-copies", { food_id: food.id });
      setCopied(copy.name);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <form class="serving" onSubmit={submit}>
      <h3>
        {food.name}
        {food.brand && <small> · {food.brand}</small>}
      </h3>
      <div class="inline-field wrap">
        <label>
          Amount
          <span class="with-unit">
            <input
              type="number"
              step="any"
              min="0"
              value={quantity}
              autoFocus
              onInput={(e) => {
                setQuantity(Number((e.currentTarget as HTMLInputElement).value));
                setQuestioned(false);
              }}
            />
            <span class="unit">{variant.serving_unit}</span>
          </span>
        </label>
        <label>
          Serving
          <select
            onChange={(e) => {
              const next = variants.find(
                (v) => v.id === (e.currentTarget as HTMLSelectElement).value,
              )!;
              setVariantId(next.id);
              setQuantity(next.serving_size);
              setQuestioned(false);
            }}
          >
            {variants.map((v) => (
              <option value={v.id} selected={v.id === variant.id}>
                {number(v.serving_size)} {v.serving_unit}
              </option>
            ))}
          </select>
        </label>
        <output>{number(kcal, 0)} kcal</output>
      </div>
      {questioned && (
        <p class="warning" role="alert">
          That is {number(servings, 1)} servings of {number(variant.serving_size)}{" "}
          {variant.serving_unit}, {number(kcal, 0)} kcal. Is the amount right?
        </p>
      )}
      {copied && <p class="hint">“{copied}” is in My foods, to edit.</p>}
      <ErrorText error={error} />
      <div class="actions">
        <button type="submit" class="primary">
          {questioned ? "Log it anyway" : `Log ${food.name}`}
        </button>
        {food.is_builtin && !copied && (
          <button type="button" onClick={copyToMyFoods}>
            Copy to my foods
          </button>
        )}
        <button type="button" onClick={props.onCancel}>
          Back to search
        </button>
      </div>
    </form>
  );
}
