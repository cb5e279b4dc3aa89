import { addDays } from "../database/user-zone.ts";

/** A titration plan: dose steps over weeks, each starting when the previous one ends unless dated. */

export type TitrationStep = {
  id: string;
  step_order: number;
  dose_amount: number;
  dose_unit: string;
  start_date: string | null;
  planned_weeks: number | null;
  note: string | null;
};

export type PlannedStep = TitrationStep & { starts_on: string | null; ends_on: string | null };

/** Each step with the days it covers; an undated first step leaves the plan undated. */
export function planSteps(steps: TitrationStep[]): PlannedStep[] {
  const ordered = [...steps].sort((a, b) => a.step_order - b.step_order);
  let nextStart: string | null = null;
  return ordered.map((step) => {
    const startsOn = step.start_date ?? nextStart;
    const endsOn =
      startsOn && step.planned_weeks ? addDays(startsOn, step.planned_weeks * 7 - 1) : null;
    nextStart = endsOn ? addDays(endsOn, 1) : null;
    return { ...step, starts_on: startsOn, ends_on: endsOn };
  });
}

/** The step in effect on `day`: the last one started by then (it stays until the next starts). */
export function currentStep(planned: PlannedStep[], day: string): PlannedStep | null {
  let current: PlannedStep | null = null;
  for (const step of planned) if (step.starts_on && step.starts_on <= day) current = step;
  return current;
}
