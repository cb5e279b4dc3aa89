import { post } from "../../api/client.ts";
import { ErrorText, Notice } from "../../components/ui.tsx";
import { readWeightKg, WeightInput } from "../../components/unit-fields.tsx";
import { today } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { formatWeight } from "../../lib/units.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "../../i18n/i18n.ts";

/** Today's weigh-in in the profile's units; the day's other measurements stay as they are. */
export function WeightQuick(props: { onSaved: () => void }) {
  const { run, error, notice } = useAction(props.onSaved);
  const u = units.value;
  const save = (event: Event) => {
    event.preventDefault();
    const kg = readWeightKg(new FormData(event.currentTarget as HTMLFormElement), "weight", u);
    if (kg == null) return;
    run(
      post("/api/measurements/check-in", { entry_date: today(), weight: kg }),
      t("quick.weighedIn", { weight: formatWeight(kg, u) }),
    );
  };
  return (
    <form class="stack" onSubmit={save} aria-label={t("quick.weighIn")}>
      <WeightInput name="weight" label={t("quick.weight")} units={u} stored={null} />
      <button type="submit" class="primary">
        {t("quick.saveWeight")}
      </button>
      {notice && <Notice>{notice}</Notice>}
      <ErrorText error={error} />
    </form>
  );
}
