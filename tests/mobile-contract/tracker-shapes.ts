import type { Shape } from "./shapes.ts";

// The phone app's water and custom-measurement types (src/types/measurements.ts and
// src/types/customMeasurements.ts of the SparkyFitness repository).
export const WATER_CONTAINER: Shape = {
  id: "number",
  name: "string",
  volume: "number",
  unit: "string",
  is_primary: "boolean",
  servings_per_container: "number",
};

export const WATER_INTAKE_ANSWER: Shape = {
  id: "string",
  water_ml: "number",
  entry_date: "string",
};

export const CUSTOM_CATEGORY: Shape = {
  id: "string",
  name: "string",
  display_name: "string|null?",
  measurement_type: "string",
  frequency: "string",
  data_type: "string|null?",
  updated_at: "string?",
};

export const CUSTOM_CATEGORY_ENTRY_INFO: Shape = {
  name: "string",
  display_name: "string|null",
  measurement_type: "string",
  frequency: "string",
  data_type: "string",
};

export const CUSTOM_MEASUREMENT_ENTRY: Shape = {
  id: "string",
  category_id: "string",
  value: "string",
  entry_date: "string",
  entry_hour: "number|null?",
  entry_timestamp: "string?",
  notes: "string|null?",
  source: "string?",
  custom_categories: "object?",
};
