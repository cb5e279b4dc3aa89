import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import type { CheckIn, Units } from "../../api/types.ts";
import { readWeightKg, WeightInput } from "../../components/unit-fields.tsx";
import { Card, ErrorText, Notice, Placeholder, Select } from "../../components/ui.tsx";
import { t, tr } from "../../i18n/i18n.ts";
import { addDays, formatDay, today } from "../../lib/dates.ts";
import { calorieGoal, projectedDay } from "../../lib/energy.ts";
import { preferences, profile, units } from "../../lib/session.ts";
import { formatWeight, KG_PER_LB, number } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";
import { energyPlan } from "./energy-plan.ts";

type DayGoals = { calories?: number | null; target_weight?: number | null };

/** Weekly changes offered, in kg, in steps of the user's weight unit. */
function rates(u: Units): [string, string][] {
  const steps =
    u.weight === "kg" ? [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5] : [-2, -1.5, -1, -0.5, 0, 0.5, 1];
  const unit = u.weight === "kg" ? "kg" : "lb";
  return steps.map((step) => {
    const kg = u.weight === "kg" ? step : step * KG_PER_LB;
    const amount = number(Math.abs(step), 2);
    const text =
      step === 0
        ? t("goals.keepWeight")
        : t(step < 0 ? "goals.loseRate" : "goals.gainRate", { amount, unit });
    return [String(kg), text];
  });
}

function loadEnergyInputs(): Promise<[CheckIn[], DayGoals]> {
  return Promise.all([
    get<CheckIn[]>(
      `/api/measurements/check-in-measurements-range/${addDays(today(), -365)}/${today()}`,
    ),
    get<DayGoals>(`/api/goals/for-date?date=${today()}`),
  ]);
}

/** A calorie goal worked out from the profile, a goal weight and a weekly rate. */
export function EnergyPlanner(props: { onChange: () => void }) {
  const inputs = useLoad(loadEnergyInputs, []);
  // "Lose 0.5 kg a week", or "Lose 1 lb a week": a choice the rate list offers.
  const [draft, setDraft] = useState<{ targetKg: number | null; kgPerWeek: number }>({
    targetKg: null,
    kgPerWeek: units.value.weight === "kg" ? -0.5 : -KG_PER_LB,
  });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const u = units.value;
  if (!inputs.data)
    return (
      <Card title={t("goals.fromProfile")}>
        <Placeholder height={260} />
      </Card>
    );
  const [checkIns, goals] = inputs.data;
  const plan = energyPlan(today(), profile.value!, preferences.value, checkIns, goals);
  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    setDraft({
      targetKg: readWeightKg(data, "target_weight", u),
      kgPerWeek: Number(data.get("rate")),
    });
  };
  const targetKg = draft.targetKg ?? goals.target_weight ?? null;
  const proposed = plan.expenditure == null ? null : calorieGoal(plan.expenditure, draft.kgPerWeek);
  const reached =
    plan.weightKg != null && targetKg != null
      ? projectedDay(today(), plan.weightKg, targetKg, draft.kgPerWeek)
      : null;
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await post("/api/goals/manage-timeline", {
        calories: proposed,
        target_weight: targetKg == null ? null : Math.round(targetKg * 10) / 10,
        start_date: today(),
      });
      setSaved(true);
      inputs.reload();
      props.onChange();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Card title={t("goals.fromProfile")}>
      {plan.resting && plan.expenditure != null ? (
        <p>
          {tr("goals.resting", {
            resting: number(plan.resting.kcal, 0),
            formula: plan.resting.formula,
            expenditure: <strong>{t("diary.kcal", { kcal: number(plan.expenditure, 0) })}</strong>,
          })}
        </p>
      ) : (
        <Notice>{t("goals.needProfile")}</Notice>
      )}
      {plan.goalKcal != null && plan.kgPerWeek != null && (
        <p class="energy-now">
          {t(
            plan.targetKg == null
              ? "goals.now"
              : plan.projected
                ? "goals.nowReached"
                : "goals.nowNotReached",
            {
              kcal: number(plan.goalKcal, 0),
              direction: plan.kgPerWeek < 0 ? "lose" : "gain",
              weight: formatWeight(Math.abs(plan.kgPerWeek), u),
              target: formatWeight(plan.targetKg, u),
              day: plan.projected ? formatDay(plan.projected, "short") : "",
            },
          )}
        </p>
      )}
      {plan.expenditure != null && (
        <form class="stack" onInput={(e) => read(e.currentTarget)} onSubmit={save}>
          <div class="grid wide-fields">
            <WeightInput
              name="target_weight"
              label={t("goals.goalWeight")}
              units={u}
              stored={goals.target_weight}
            />
            <Select
              label={t("goals.weeklyChange")}
              name="rate"
              options={rates(u)}
              defaultValue={String(draft.kgPerWeek)}
            />
          </div>
          <p aria-live="polite">
            {tr("goals.dailyGoal", {
              kcal: <strong>{t("diary.kcal", { kcal: number(proposed!, 0) })}</strong>,
            })}
            {reached && <> · {t("goals.goalWeightAround", { day: formatDay(reached, "short") })}</>}
          </p>
          <ErrorText error={error} />
          {saved && <Notice>{t("goals.savedFromToday")}</Notice>}
          <button type="submit" class="primary">
            {t("goals.useThis")}
          </button>
        </form>
      )}
    </Card>
  );
}
