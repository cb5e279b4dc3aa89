import type { Tool } from "../tool.ts";
import { getCheckin, getTrends, logCheckin } from "./checkin.ts";
import { logExercise } from "./exercises.ts";
import { logMedicationDose } from "./medications.ts";
import { getExerciseDiary, getWorkoutDetails } from "./workouts.ts";

/** Every assistant tool, in the order clients list them. Each domain adds its tools here. */
export const TOOLS: readonly Tool[] = [
  logCheckin,
  getCheckin,
  getTrends,
  logExercise,
  getExerciseDiary,
  getWorkoutDetails,
  logMedicationDose,
];
