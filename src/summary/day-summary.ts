import type { DailyGoals } from "../goals/goal-values.ts";
import { emptyTotals, type DayNutrition } from "./nutrition.ts";

export type ExerciseSession = {
  id: string;
  name: string;
  duration_minutes: number;
  calories_burned: number;
  distance_km: number | null;
  avg_heart_rate: number | null;
  source: string;
};

/** Everything the daily summary shows for one day; each section fills its part. */
export type DaySummary = {
  date: string;
  goals: DailyGoals | null;
  nutrition: DayNutrition;
  exercise: {
    calories_burned: number;
    duration_minutes: number;
    active_calories: number;
    sessions: ExerciseSession[];
  };
  water_ml: number;
  steps: number | null;
  sleep: {
    time_asleep_seconds: number;
    duration_seconds: number;
    efficiency: number | null;
  } | null;
  latest_weight: { weight: number; entry_date: string } | null;
};

export function emptyDay(date: string): DaySummary {
  return {
    date,
    goals: null,
    nutrition: { totals: emptyTotals(), meals: {} },
    exercise: { calories_burned: 0, duration_minutes: 0, active_calories: 0, sessions: [] },
    water_ml: 0,
    steps: null,
    sleep: null,
    latest_weight: null,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const progress = (value: number, goal: number | undefined) => ({
  value: round1(value),
  goal: goal ?? null,
  percent: goal ? Math.round((value / goal) * 100) : null,
});

/** The figures worked out from the sections: net calories and progress against the goals. */
export function deriveFigures(day: DaySummary) {
  const { totals } = day.nutrition;
  const goals = day.goals;
  return {
    net_calories: round1(totals.calories - day.exercise.calories_burned),
    progress: {
      calories: progress(totals.calories, goals?.calories),
      protein: progress(totals.protein, goals?.protein),
      carbs: progress(totals.carbs, goals?.carbs),
      fat: progress(totals.fat, goals?.fat),
      dietary_fiber: progress(totals.dietary_fiber, goals?.dietary_fiber),
      water_ml: progress(day.water_ml, goals?.water_goal_ml),
      steps: progress(day.steps ?? 0, goals?.steps),
      exercise_minutes: progress(
        day.exercise.duration_minutes,
        goals?.target_exercise_duration_minutes,
      ),
      exercise_calories: progress(
        day.exercise.calories_burned,
        goals?.target_exercise_calories_burned,
      ),
    },
  };
}
