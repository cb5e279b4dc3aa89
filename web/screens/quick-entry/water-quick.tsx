import { post } from "../../api/client.ts";
import { ErrorText, Notice } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import { preferences } from "../../lib/session.ts";
import { formatWater, waterServings } from "../../lib/units.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "../../i18n/i18n.ts";

/** A glass of water for today, in the preferred unit's common sizes. */
export function WaterQuick(props: { onSaved: () => void }) {
  const { run, error, notice } = useAction(props.onSaved);
  const unit = preferences.value.water_display_unit;
  const log = (ml: number) =>
    run(
      post("/api/measurements/water-intake", { entry_date: today(), water_ml: Math.round(ml) }),
      t("quick.addedWater", { amount: formatWater(ml, unit) }),
    );
  return (
    <div class="stack">
      <div class="actions">
        {waterServings(unit).map((ml) => (
          <button type="button" onClick={() => log(ml)}>
            + {formatWater(ml, unit)}
          </button>
        ))}
      </div>
      {notice && <Notice>{notice}</Notice>}
      <ErrorText error={error} />
    </div>
  );
}
