import { number } from "../lib/units.ts";
import { t } from "../i18n/i18n.ts";

type Props = { goal: number | null; food: number; exercise: number };

/** The day's energy budget as mature trackers show it: remaining = goal − food + exercise. */
export function EnergyBudget({ goal, food, exercise }: Props) {
  if (goal == null) return null;
  const remaining = goal - food + exercise;
  // Each figure keeps the sign before it, so a narrow screen wraps between whole terms.
  const part = (sign: string, label: string, value: number, over = false) => (
    <span class="budget-step">
      {sign && (
        <span class="operator" aria-hidden="true">
          {sign}
        </span>
      )}
      <span class={`budget-part${over ? " over" : ""}`}>
        <span class="budget-label">{label}</span>
        <span class="budget-value">{number(Math.round(value), 0)}</span>
      </span>
    </span>
  );
  return (
    <p class="energy-budget" role="group" aria-label={t("budget.label")}>
      {part("", t("budget.goal"), goal)}
      {part("−", t("budget.food"), food)}
      {part("+", t("budget.exercise"), exercise)}
      {part(
        "=",
        remaining < 0 ? t("budget.over") : t("budget.remaining"),
        Math.abs(remaining),
        remaining < 0,
      )}
    </p>
  );
}
