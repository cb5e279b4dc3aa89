import { useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import { Card } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import { actingFor, profile } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import type { DashboardData } from "./dashboard-data.ts";

const DISMISSED = "fitness:first-steps-done";

/**
 * A new account's first steps, ticked off from the data itself: the profile the numbers rest
 * on, a weigh-in, a logged meal and a goal of one's own. Gone once all are done, or hidden.
 */
export function FirstSteps({ data }: { data: DashboardData }) {
  const [hidden, setHidden] = useState(() => localStorage.getItem(DISMISSED) === "1");
  const goals = useLoad(
    () =>
      hidden
        ? Promise.resolve(null)
        : get<{ source: string }>(`/api/goals/for-date?date=${today()}`),
    [hidden],
  );
  if (hidden || actingFor.value || !goals.data) return null;
  const me = profile.value;
  const steps: [boolean, string, string][] = [
    [
      Boolean(me?.height && me.sex && me.date_of_birth),
      "Add your height, sex and birth date",
      "#/settings/profile",
    ],
    [data.checkIns.some((c) => c.weight != null), "Weigh in", "#/check-ins"],
    [data.days.some((d) => d.nutrition.totals.calories > 0), "Log a meal", "#/diary"],
    [goals.data.source !== "default", "Set a calorie goal of your own", "#/goals"],
  ];
  const done = steps.filter(([ok]) => ok).length;
  if (done === steps.length) return null;
  const hide = () => {
    localStorage.setItem(DISMISSED, "1");
    setHidden(true);
  };
  return (
    <Card title={`First steps: ${done} of ${steps.length} done`}>
      <ul class="first-steps">
        {steps.map(([ok, label, href]) => (
          <li class={ok ? "done" : undefined}>
            {ok ? (
              <span>
                <span class="visually-hidden">Done: </span>
                {label}
              </span>
            ) : (
              <a href={href}>{label}</a>
            )}
          </li>
        ))}
      </ul>
      <button type="button" class="link-button" onClick={hide}>
        Hide this list
      </button>
    </Card>
  );
}
