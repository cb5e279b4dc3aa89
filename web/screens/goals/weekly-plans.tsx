import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder, Select } from "../../components/ui.tsx";
import { formatDay, today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { describeGoals, GoalFields, readGoals, type Goals } from "./goal-fields.tsx";

type Preset = Goals & { id: string; preset_name: string };
type Plan = {
  id: string;
  plan_name: string;
  start_date: string;
  end_date: string;
  is_active: boolean;
} & Record<string, string | boolean | null>;

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

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
    const days = Object.fromEntries(WEEKDAYS.map((d) => [`${d}_preset_id`, form[d] || null]));
    post("/api/weekly-goal-plans", {
      plan_name: form.plan_name,
      start_date: form.start_date,
      is_active: true,
      ...days,
    }).then(changed, fail);
  };
  if (!data.data)
    return (
      <Card title="Presets and weekly plans">
        <Placeholder height={120} />
      </Card>
    );
  const [presets, plans] = data.data;
  const presetName = (id: unknown) => presets.find((p) => p.id === id)?.preset_name ?? "–";
  return (
    <Card title="Presets and weekly plans">
      <ul class="list">
        {presets.map((p) => (
          <li class="key-row">
            <span>
              <strong>{p.preset_name}</strong> <small class="hint">{describeGoals(p)}</small>
            </span>
            <button
              type="button"
              class="link-button"
              aria-label={`Delete preset ${p.preset_name}`}
              onClick={() => del(`/api/goal-presets/${p.id}`).then(changed, fail)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <details>
        <summary>New preset</summary>
        <form class="stack" onSubmit={addPreset}>
          <Field label="Preset name" name="preset_name" required />
          <GoalFields />
          <button type="submit">Add preset</button>
        </form>
      </details>
      <h3>Weekly plans</h3>
      {plans.length === 0 && (
        <p class="hint">
          {presets.length
            ? "No weekly plan yet."
            : "Add a preset first: a weekly plan gives each weekday one."}
        </p>
      )}
      <ul class="list">
        {plans.map((plan) => (
          <li class="key-row">
            <span>
              <strong>{plan.plan_name}</strong> from{" "}
              <span class="nowrap">{formatDay(plan.start_date, "short")}</span>
              {plan.is_active ? "" : " (inactive)"}
              <br />
              <small class="hint">
                {WEEKDAYS.map(
                  (d) =>
                    `${d[0]!.toUpperCase()}${d.slice(1, 3)}: ${presetName(plan[`${d}_preset_id`])}`,
                ).join(" · ")}
              </small>
            </span>
            <button
              type="button"
              class="link-button"
              aria-label={`Delete plan ${plan.plan_name}`}
              onClick={() => del(`/api/weekly-goal-plans/${plan.id}`).then(changed, fail)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {presets.length > 0 && (
        <details>
          <summary>New weekly plan</summary>
          <form class="stack" onSubmit={addPlan}>
            <Field label="Plan name" name="plan_name" required />
            <Field label="Starts" name="start_date" type="date" required defaultValue={today()} />
            <div class="grid fields">
              {WEEKDAYS.map((day) => (
                <Select
                  label={day[0]!.toUpperCase() + day.slice(1)}
                  name={day}
                  options={[
                    ["", "Timeline goals"],
                    ...presets.map((p): [string, string] => [p.id, p.preset_name]),
                  ]}
                />
              ))}
            </div>
            <button type="submit">Add plan</button>
          </form>
        </details>
      )}
      <ErrorText error={error ?? data.error} />
    </Card>
  );
}
