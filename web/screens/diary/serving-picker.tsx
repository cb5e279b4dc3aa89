import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import { ErrorText } from "../../components/ui.tsx";
import { givenNumber, number } from "../../lib/units.ts";
import { t } from "../../i18n/i18n.ts";

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
  const kcal = variant.calories === null ? null : variant.calories * servings;
  const implausible = servings > PLAUSIBLE_SERVINGS || (kcal ?? 0) > PLAUSIBLE_KCAL;

  const submit = (event: Event) => {
    event.preventDefault();
    if (!(quantity > 0)) return setError(t("serving.aboveZero"));
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
          {t("serving.amount")}
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
          {t("serving.serving")}
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
        <output>{t("diary.kcal", { kcal: givenNumber(kcal, 0) })}</output>
      </div>
      {questioned && (
        <p class="warning" role="alert">
          {t("serving.question", {
            servings: number(servings, 1),
            size: number(variant.serving_size),
            unit: variant.serving_unit,
            kcal: givenNumber(kcal, 0),
          })}
        </p>
      )}
      {copied && <p class="hint">{t("serving.copied", { name: copied })}</p>}
      <ErrorText error={error} />
      <div class="actions">
        <button type="submit" class="primary">
          {questioned ? t("serving.logAnyway") : t("serving.log", { food: food.name })}
        </button>
        {food.is_builtin && !copied && (
          <button type="button" onClick={copyToMyFoods}>
            {t("serving.copyToMine")}
          </button>
        )}
        <button type="button" onClick={props.onCancel}>
          {t("serving.back")}
        </button>
      </div>
    </form>
  );
}
