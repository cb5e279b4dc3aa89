import { z } from "@hono/zod-openapi";

/** Request and response shapes of the exercise library. */

/** strength: weight and reps; reps_only: bodyweight reps; distance: time and distance. */
export const MODALITIES = ["strength", "reps_only", "distance", "duration"] as const;

export const exerciseSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.string().nullable(),
    modality: z.enum(MODALITIES),
    equipment: z.array(z.string()),
    primary_muscles: z.array(z.string()),
    secondary_muscles: z.array(z.string()),
    met: z.number().nullable(),
    calories_per_hour: z.number(),
    source: z.string(),
    images: z.array(z.string()),
    tags: z.array(z.string()),
    force: z.string().nullable(),
    level: z.string().nullable(),
    mechanic: z.string().nullable(),
    instructions: z.array(z.string()),
    description: z.string().nullable(),
    userId: z.string().nullable(),
    isCustom: z.boolean(),
    usage_count: z.number().optional(),
    last_used: z.string().nullable().optional(),
  })
  .passthrough()
  .openapi("Exercise");

const words = z.array(z.string().trim().toLowerCase().min(1).max(60)).max(30);
const text = (max: number) => z.string().trim().max(max);

// The phone app's words for how an exercise is measured (its set editor).
const APP_MODALITIES: Record<string, (typeof MODALITIES)[number]> = {
  weight_reps: "strength",
  duration_distance: "distance",
};
const modality = z.preprocess(
  (v) => (typeof v === "string" ? (APP_MODALITIES[v] ?? v) : v),
  z.enum(MODALITIES),
);

/** A custom exercise as created; every field but name and modality optional. */
export const customExerciseInput = z.object({
  name: text(255).min(1),
  category: text(60).nullable().optional(),
  modality: modality.default("strength"),
  // What the app asks for; kept as the MET of a 70 kg person, as calories_per_hour is shown.
  calories_per_hour: z.number().min(0).lt(2100).nullable().optional(),
  primary_muscles: words.optional(),
  secondary_muscles: words.optional(),
  equipment: words.optional(),
  met: z.number().gt(0).lt(30).nullable().optional(),
  level: text(60).nullable().optional(),
  mechanic: text(60).nullable().optional(),
  force: text(60).nullable().optional(),
  instructions: z.array(text(2000)).max(50).optional(),
  description: text(5000).nullable().optional(),
});
export const customExerciseUpdate = customExerciseInput.partial().extend({
  modality: modality.optional(),
});

/** The stored fields of a custom exercise sent: calories per hour become its MET. */
export function exerciseFields<
  T extends { calories_per_hour?: number | null; met?: number | null },
>(input: T) {
  const { calories_per_hour: perHour, ...fields } = input;
  if (fields.met === undefined && perHour != null) fields.met = perHour > 0 ? perHour / 70 : null;
  return fields;
}

export const searchQuery = z.object({
  searchTerm: z.string().max(200).optional(),
  muscle: z.string().max(60).optional(),
  equipment: z.string().max(60).optional(),
  category: z.string().max(60).optional(),
});
const positive = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
export const pageQuery = searchQuery.extend({
  currentPage: positive(1, 100_000),
  itemsPerPage: positive(50, 200),
});
export const v2PageQuery = searchQuery.extend({
  page: positive(1, 100_000),
  pageSize: positive(20, 200),
});
export const limitQuery = searchQuery.extend({ limit: positive(50, 200) });

export const paginationSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  hasMore: z.boolean(),
});
