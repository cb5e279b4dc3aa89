import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { PartsLine } from "../../components/parts-line.tsx";
import { Card, ErrorText, Field, Placeholder, Select } from "../../components/ui.tsx";
import { t, tr } from "../../i18n/i18n.ts";
import { formatDay, today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { weekdayName, weekdaysInOrder } from "../../lib/week-start.ts";
import { describeGoals, GoalFields, readGoals, type Goals } from "./goal-fields.tsx";

type Preset = Goals & { id: string; preset_name: string };
type Plan = {
  id: string;
  plan_name: string;
  start_date: string;
  end_date: string;
  is_active: boolean;
} & Record<string, string | boolean | null>;

/** The plan's day columns, by the weekday number (0 is Sunday). */
const DAY_COLUMNS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Goal presets, and weekly plans that give each weekday a preset (training and rest days). */
export function WeeklyPlans(props: { onChange: () => void }) {
  const data = useLoad(
    () => Promise.all([get<Preset[]>("/api/goal-presets"), get<Plan[]>("/api/weekly-goal-plans")]),
    [],
  );
  const [error, setError] = useState<string | null>(null);
  const changed = () => (data.reload(), props.onChange());
  const fail = (e: unknown) => setError(errorMessage(e));
  const addPreset = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    post("/api/goal-presets", { ...readGoals(form), preset_name: form.get("preset_name") }).then(
      changed,
      fail,
    );
  };
  const addPlan = (event: Event) => {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget as HTMLFormElement));
    const days = Object.fromEntries(DAY_COLUMNS.map((d) => [`${d}_preset_id`, form[d] || null]));
    post("/api/weekly-goal-plans", {
      plan_name: form.plan_name,
      start_date: form.start_date,
      is_active: true,
      ...days,
    }).then(changed, fail);
  };
  if (!data.data)
    return (
      <Card title={t("goals.plans")}>
        <Placeholder height={120} />
      </Card>
    );
  const [presets, plans] = data.data;
  const presetName = (id: unknown) => presets.find((p) => p.id === id)?.preset_name ?? "–";
  return (
    <Card title={t("goals.plans")}>
      <ul class="list">
        {presets.map((p) => (
          <li class="key-row">
            <span>
              <strong>{p.preset_name}</strong>{" "}
              <small class="hint">
                <PartsLine parts={describeGoals(p)} />
              </small>
            </span>
            <button
              type="button"
              class="link-button"
              aria-label={t("goals.deletePreset", { name: p.preset_name })}
              onClick={() => del(`/api/goal-presets/${p.id}`).then(changed, fail)}
            >
              {t("entry.delete")}
            </button>
          </li>
        ))}
      </ul>
      <details>
        <summary>{t("goals.newPreset")}</summary>
        <form class="stack" onSubmit={addPreset}>
          <Field label={t("goals.presetName")} name="preset_name" required />
          <GoalFields />
          <button type="submit">{t("goals.addPreset")}</button>
        </form>
      </details>
      <h3>{t("goals.weeklyPlans")}</h3>
      {plans.length === 0 && (
        <p class="hint">{presets.length ? t("goals.noPlan") : t("goals.presetFirst")}</p>
      )}
      <ul class="list">
        {plans.map((plan) => (
          <li class="key-row">
            <span>
              {tr(plan.is_active ? "goals.planFrom" : "goals.inactivePlanFrom", {
                plan: <strong>{plan.plan_name}</strong>,
                day: <span class="nowrap">{formatDay(plan.start_date, "short")}</span>,
              })}
              <br />
              <small class="hint">
                <PartsLine
                  parts={weekdaysInOrder().map(
                    (day) =>
                      `${weekdayName(day)}: ${presetName(plan[`${DAY_COLUMNS[day]}_preset_id`])}`,
                  )}
                />
              </small>
            </span>
            <button
              type="button"
              class="link-button"
              aria-label={t("goals.deletePlan", { name: plan.plan_name })}
              onClick={() => del(`/api/weekly-goal-plans/${plan.id}`).then(changed, fail)}
            >
              {t("entry.delete")}
            </button>
          </li>
        ))}
      </ul>
      {presets.length > 0 && (
        <details>
          <summary>{t("goals.newPlan")}</summary>
          <form class="stack" onSubmit={addPlan}>
            <Field label={t("goals.planName")} name="plan_name" required />
            <Field
              label={t("goals.starts")}
              name="start_date"
              type="date"
              required
              defaultValue={today()}
            />
            <div class="grid fields">
              {weekdaysInOrder().map((day) => (
                <Select
                  label={weekdayName(day, "long")}
                  name={DAY_COLUMNS[day]!}
                  options={[
                    ["", t("goals.timelineGoals")],
                    ...presets.map((p): [string, string] => [p.id, p.preset_name]),
                  ]}
                />
              ))}
            </div>
            <button type="submit">{t("goals.addPlan")}</button>
          </form>
        </details>
      )}
      <ErrorText error={error ?? data.error} />
    </Card>
  );
}
