import { createRouter } from "../http/router.ts";
import { manualEntryRoutes } from "./entry-routes.ts";
import { customExerciseRoutes } from "./custom-exercise-routes.ts";
import { exerciseRoutes } from "./exercise-routes.ts";
import { externalExerciseRoutes } from "./external-routes.ts";
import { presetRoutes } from "./preset-routes.ts";
import { sessionRoutes } from "./session-routes.ts";
import { statsRoutes } from "./stats-routes.ts";
import { v2EntryRoutes } from "./v2-entry-routes.ts";

/** The exercise domain: library, manual entries, sessions, presets, plans and progress. */
export const exerciseDomainRoutes = createRouter()
  // Before the library: /api/exercises/search-external is not an exercise's id.
  .route("/", externalExerciseRoutes)
  .route("/", exerciseRoutes)
  .route("/", customExerciseRoutes)
  .route("/", manualEntryRoutes)
  .route("/", v2EntryRoutes)
  .route("/", statsRoutes)
  .route("/", presetRoutes)
  .route("/", sessionRoutes);
