/** What the exercise routes answer, as far as these screens read it. */

import { t } from "../../i18n/i18n.ts";

/** strength: weight and reps; reps_only: bodyweight reps; distance: time and distance. */
export type Modality = "strength" | "reps_only" | "distance" | "duration";
export const SET_TYPES = ["warmup", "normal", "drop", "failure", "cooldown"] as const;
export type SetType = (typeof SET_TYPES)[number];

export type Exercise = { id: string; name: string; modality: Modality; category: string | null };

export type ExerciseSet = {
  set_number?: number;
  set_type: SetType | null;
  reps: number | null;
  weight: number | null;
};

export type ExerciseEntry = {
  id: string;
  exercise_id: string;
  exercise_name: string | null;
  activity_type: string | null;
  modality: Modality | null;
  entry_date: string;
  duration_minutes: number | null;
  distance: number | null;
  calories_burned: number | null;
  avg_heart_rate: number | null;
  source: string;
  exercise_preset_entry_id: string | null;
  sets: ExerciseSet[];
};

export type Session = {
  type: "preset";
  id: string;
  name: string;
  entry_date: string;
  exercises: ExerciseEntry[];
  total_duration_minutes: number;
  total_calories_burned: number;
};

export type DayItem = Session | (ExerciseEntry & { type: "individual" });

export type Preset = {
  id: string;
  name: string;
  exercises: { exercise_id: string; exercise_name: string; sets: ExerciseSet[] }[];
};

export type Plan = {
  id: string;
  plan_name: string;
  start_date: string;
  end_date: string | null;
  is_active: boolean;
  /** A day holds a preset, or one exercise with its planned sets. */
  assignments: {
    day_of_week: number;
    workout_preset_id: string | null;
    workout_preset_name: string | null;
    exercise_id: string | null;
    exercise_name: string | null;
  }[];
};

export type PersonalRecord = {
  id: string;
  exercise_entry_id: string;
  record_type: string;
  value: number;
  weight: number | null;
  entry_date: string;
};

export type ProgressPoint = {
  entry_date: string;
  volume: number;
  estimated_1rm: number | null;
  best_set: { weight: number; reps: number } | null;
};

export type FileOutcome = {
  file: string;
  status: "imported" | "replaced" | "unchanged" | "error";
  activity?: string;
  entry_date?: string;
  error?: string;
  /** Why a file of an activity already imported was kept or not. */
  note?: string;
};

export type ImportJob = {
  status: string;
  total_files?: number;
  processed_files?: number;
  files?: FileOutcome[];
};

export const entryName = (e: ExerciseEntry) =>
  e.exercise_name ?? e.activity_type ?? t("exercise.exercise");
