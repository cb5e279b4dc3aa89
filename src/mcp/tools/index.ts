import type { Tool } from "../tool.ts";
import { getCheckin, logCheckin } from "./checkin.ts";
import { logMedicationDose } from "./medications.ts";
import { endFast, getGoals, logMood, logSleep, logWater, setGoals, startFast } from "./trackers.ts";
import { getTrends } from "./trends.ts";
import { getExerciseDiary, getWorkoutDetails } from "./workouts.ts";

/** Every assistant tool, in the order clients list them. Each domain adds its tools here. */
export const TOOLS: readonly Tool[] = [
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
