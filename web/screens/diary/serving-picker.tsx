import { useState } from "preact/hooks";
import type { Food } from "../../api/food-types.ts";
import { number } from "../../lib/units.ts";

export type Serving = { variant_id: string; quantity: number; unit: string };

/** How much of a picked food: a serving variant and an amount in its unit. */
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
  const kcal = (variant.calories * quantity) / variant.serving_size;

  const submit = (event: Event) => {
    event.preventDefault();
    props.onLog({ variant_id: variant.id, quantity, unit: variant.serving_unit });
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
          <input
            type="number"
            step="any"
            min="0"
            value={quantity}
            autoFocus
            onInput={(e) => setQuantity(Number((e.currentTarget as HTMLInputElement).value))}
          />
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
      <div class="actions">
        <button type="submit" class="primary">
          Log {food.name}
        </button>
        <button type="button" onClick={props.onCancel}>
          Back to search
        </button>
      </div>
    </form>
  );
}
