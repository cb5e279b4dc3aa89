import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatDay, today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import type { Plan, Preset } from "./types.ts";

// Monday first, as people read a training week; the API numbers Sunday 0.
const WEEKDAYS: [number, string][] = [
  [1, "Monday"],
  [2, "Tuesday"],
  [3, "Wednesday"],
  [4, "Thursday"],
  [5, "Friday"],
  [6, "Saturday"],
  [0, "Sunday"],
];
const dayName = (n: number) => WEEKDAYS.find(([d]) => d === n)![1];

/** Weekly plans: presets on weekdays over a date range; list, create, delete. */
export function PlansCard({ presets }: { presets: Preset[] | undefined }) {
  const plans = useLoad(() => get<Plan[]>("/api/workout-plan-templates"), []);
  const [error, setError] = useState<string | null>(null);
  const create = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const assignments = WEEKDAYS.filter(([d]) => data.get(`day-${d}`)).map(([d]) => ({
      day_of_week: d,
      workout_preset_id: String(data.get(`day-${d}`)),
    }));
    const body = {
      plan_name: data.get("plan_name"),
      start_date: data.get("start_date"),
      end_date: data.get("end_date") || null,
      assignments,
    };
    post("/api/workout-plan-templates", body).then(
      () => (form.reset(), setError(null), plans.reload()),
      (e) => setError(errorMessage(e)),
    );
  };
  const remove = (plan: Plan) =>
    del(`/api/workout-plan-templates/${plan.id}`).then(plans.reload, (e) =>
      setError(errorMessage(e)),
    );
  return (
    <Card title="Plans">
      {!plans.data ? (
        <Placeholder height={40} />
      ) : (
        <ul class="list plans">
          {plans.data.map((plan) => (
            <li class="key-row">
              <span>
                <strong>{plan.plan_name}</strong> · {formatDay(plan.start_date, "short")} –{" "}
                {plan.end_date ? formatDay(plan.end_date, "short") : "ongoing"}
                <br />
                <small class="hint">
                  {plan.assignments
                    .map(
                      (a) =>
                        `${dayName(a.day_of_week)}: ${a.workout_preset_name ?? a.exercise_name ?? "exercise"}`,
                    )
                    .join(" · ")}
                </small>
              </span>
              <button type="button" class="link-button" onClick={() => remove(plan)}>
                Delete<span class="visually-hidden"> {plan.plan_name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="stack" onSubmit={create}>
        <h3>New plan</h3>
        <Field label="Plan name" name="plan_name" required />
        <div class="grid fields">
          <Field label="From" name="start_date" type="date" required defaultValue={today()} />
          <Field label="Until (optional)" name="end_date" type="date" />
        </div>
        <div class="grid fields">
          {WEEKDAYS.map(([d, label]) => (
            <div class="field">
              <label for={`plan-day-${d}`}>{label}</label>
              <select id={`plan-day-${d}`} name={`day-${d}`}>
                <option value="">Rest</option>
                {presets?.map((p) => (
                  <option value={p.id}>{p.name}</option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <button type="submit">Create plan</button>
      </form>
      <ErrorText error={error ?? plans.error} />
    </Card>
  );
}
