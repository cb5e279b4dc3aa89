import { useState } from "preact/hooks";
import { WaterQuick } from "./water-quick.tsx";
import { WeightQuick } from "./weight-quick.tsx";
import { FoodQuick } from "./food-quick.tsx";
import { t } from "../../i18n/i18n.ts";

const KINDS = [
  ["water", "quick.water"],
  ["weight", "quick.weight"],
  ["food", "quick.food"],
] as const;
type Kind = (typeof KINDS)[number][0];

/** The quick-entry sheet's body: one of water, weight or a food, each saved for today. */
export function QuickEntrySheet(props: { onSaved: () => void }) {
  const [kind, setKind] = useState<Kind>("water");
  return (
    <div class="stack">
      <div role="group" aria-label={t("quick.whatToAdd")} class="segmented">
        {KINDS.map(([id, label]) => (
          <button type="button" aria-pressed={kind === id} onClick={() => setKind(id)}>
            {t(label)}
          </button>
        ))}
      </div>
      {kind === "water" ? (
        <WaterQuick onSaved={props.onSaved} />
      ) : kind === "weight" ? (
        <WeightQuick onSaved={props.onSaved} />
      ) : (
        <FoodQuick onSaved={props.onSaved} />
      )}
    </div>
  );
}
