import { useState } from "preact/hooks";
import { Card } from "../../components/ui.tsx";
import { actingFor, profile } from "../../lib/session.ts";
import type { DashboardData } from "./dashboard-data.ts";
import { t } from "../../i18n/i18n.ts";

const DISMISSED = "fitness:first-steps-done";

/**
 * A new account's first steps, ticked off from the data itself: the profile the numbers rest
 * on, a weigh-in, a logged meal and a goal of one's own. Gone once all are done, or hidden.
 */
export function FirstSteps({ data }: { data: DashboardData }) {
  const [hidden, setHidden] = useState(() => localStorage.getItem(DISMISSED) === "1");
  if (hidden || actingFor.value) return null;
  const me = profile.value;
  const steps: [boolean, string, string][] = [
    [
      Boolean(me?.height && me.sex && me.date_of_birth),
      t("today.stepProfile"),
      "#/settings/profile",
    ],
    [data.checkIns.some((c) => c.weight != null), t("today.stepWeighIn"), "#/check-ins"],
    [data.days.some((d) => d.nutrition.totals.calories > 0), t("today.stepMeal"), "#/diary"],
    [data.goalSource !== "default", t("today.stepGoal"), "#/goals"],
  ];
  const done = steps.filter(([ok]) => ok).length;
  if (done === steps.length) return null;
  const hide = () => {
    localStorage.setItem(DISMISSED, "1");
    setHidden(true);
  };
  return (
    <Card title={t("today.firstSteps", { done, total: steps.length })}>
      <ul class="first-steps">
        {steps.map(([ok, label, href]) => (
          <li class={ok ? "done" : undefined}>
            {ok ? (
              <span>
                <span class="visually-hidden">{t("today.done")} </span>
                {label}
              </span>
            ) : (
              <a href={href}>{label}</a>
            )}
          </li>
        ))}
      </ul>
      <button type="button" class="link-button" onClick={hide}>
        {t("today.hideList")}
      </button>
    </Card>
  );
}
