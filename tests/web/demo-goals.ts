/** The demo's goals: a year of dated goals, two presets and a weekly plan from next Monday. */
import { dayBefore, postJson } from "./seed.ts";

const GOALS = {
  protein: 130,
  carbs: 200,
  fat: 60,
  dietary_fiber: 30,
  water_goal_ml: 2000,
  steps: 10000,
  target_exercise_duration_minutes: 30,
};

/**
 * 2,000 kcal a day from a year ago, 1,800 from four months ago; "Training day" and "Rest
 * day" presets, and a plan giving Monday, Wednesday and Friday the first from next Monday.
 */
export async function seedGoals(url: string, token: string, today: string) {
  const call = (path: string, body: unknown) => postJson(url, token, path, body);
  await call("/api/goals/manage-timeline", {
    ...GOALS,
    calories: 2000,
    start_date: dayBefore(today, 364),
  });
  await call("/api/goals/manage-timeline", {
    ...GOALS,
    calories: 1800,
    start_date: dayBefore(today, 120),
  });
  const training = await call("/api/goal-presets", {
    ...GOALS,
    preset_name: "Training day",
    calories: 2000,
    carbs: 240,
  });
  const rest = await call("/api/goal-presets", {
    ...GOALS,
    preset_name: "Rest day",
    calories: 1700,
    carbs: 170,
  });
  // Days until next Monday: 7 on a Monday, 1 on a Sunday.
  const untilMonday = 7 - ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7);
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  await call("/api/weekly-goal-plans", {
    plan_name: "Train Monday, Wednesday and Friday",
    start_date: dayBefore(today, -untilMonday),
    is_active: true,
    ...Object.fromEntries(
      days.map((d, i) => [`${d}_preset_id`, i % 2 === 0 && i < 5 ? training.id : rest.id]),
    ),
  });
}
