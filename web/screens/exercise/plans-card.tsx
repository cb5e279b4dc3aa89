import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { PartsLine } from "../../components/parts-line.tsx";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatDay, today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { type Weekday, weekdayName, weekdaysInOrder } from "../../lib/week-start.ts";
import type { Plan, Preset } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

const dayName = (n: number) => weekdayName(n as Weekday, "long");

/** Weekly plans: presets on weekdays over a date range; list, create, delete. */
export function PlansCard({ presets }: { presets: Preset[] | undefined }) {
  const plans = useLoad(() => get<Plan[]>("/api/workout-plan-templates"), []);
  const [error, setError] = useState<string | null>(null);
  const create = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const assignments = weekdaysInOrder()
      .filter((d) => data.get(`day-${d}`))
      .map((d) => ({
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
    <Card title={t("exercise.plans")}>
      {!plans.data ? (
        <Placeholder height={40} />
      ) : (
        <ul class="list plans">
          {plans.data.map((plan) => (
            <li class="key-row">
              <span>
                <strong>{plan.plan_name}</strong> · {formatDay(plan.start_date, "short")} –{" "}
                {plan.end_date ? formatDay(plan.end_date, "short") : t("exercise.ongoing")}
                <br />
                <small class="hint">
                  <PartsLine
                    parts={plan.assignments.map((a) =>
                      t("exercise.planDay", {
                        day: dayName(a.day_of_week),
                        what: a.workout_preset_name ?? a.exercise_name ?? t("exercise.anExercise"),
                      }),
                    )}
                  />
                </small>
              </span>
              <button
                type="button"
                class="link-button"
                onClick={() => remove(plan)}
                aria-label={t("entry.deleteFood", { food: plan.plan_name })}
              >
                {t("entry.delete")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="stack" onSubmit={create}>
        <h3>{t("exercise.newPlan")}</h3>
        <Field label={t("exercise.planName")} name="plan_name" required />
        <div class="grid fields">
          <Field
            label={t("exercise.from")}
            name="start_date"
            type="date"
            required
            defaultValue={today()}
          />
          <Field label={t("exercise.until")} name="end_date" type="date" />
        </div>
        <div class="grid fields">
          {weekdaysInOrder().map((d) => (
            <div class="field">
              <label for={`plan-day-${d}`}>{dayName(d)}</label>
              <select id={`plan-day-${d}`} name={`day-${d}`}>
                <option value="">{t("exercise.rest")}</option>
                {presets?.map((p) => (
                  <option value={p.id}>{p.name}</option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <button type="submit">{t("exercise.createPlan")}</button>
      </form>
      <ErrorText error={error ?? plans.error} />
    </Card>
  );
}
