import type { Tool } from "../tool.ts";
import { getCheckin, logCheckin } from "./checkin.ts";
import { copyFromYesterdayTool, getFoodDiary, logFood, logMealTool } from "./food-diary.ts";
import { createFoodTool, logExternalFoodTool, searchFoodsTool } from "./foods.ts";
import { logMedicationDose } from "./medications.ts";
import { getNutritionSummary } from "./nutrition.ts";
import { endFast, getGoals, logMood, logSleep, logWater, setGoals, startFast } from "./trackers.ts";
import { getTrends } from "./trends.ts";
import { getExerciseDiary, getWorkoutDetails } from "./workouts.ts";

/** Every assistant tool, in the order clients list them. Each domain adds its tools here. */
export const TOOLS: readonly Tool[] = [
  searchFoodsTool,
  getFoodDiary,
  logFood,
  logExternalFoodTool,
  createFoodTool,
  logMealTool,
  copyFromYesterdayTool,
  getNutritionSummary,
  logCheckin,
  getCheckin,
  getTrends,
  getExerciseDiary,
  getWorkoutDetails,
  logMedicationDose,
  logWater,
  getGoals,
  setGoals,
  logSleep,
  logMood,
  startFast,
  endFast,
];
