import { createRouter } from "../http/router.ts";
import { customMeasurementRoutes } from "./custom-routes.ts";
import { fastingRoutes } from "./fasting-routes.ts";
import { moodRoutes } from "./mood-routes.ts";
import { sleepRoutes } from "./sleep-routes.ts";
import { vitalsRoutes } from "./vitals-routes.ts";
import { waterRoutes } from "./water-routes.ts";

/** The daily trackers: water, sleep, fasting, mood, vitals and custom measurements. */
export const trackerRoutes = createRouter()
  .route("/", waterRoutes)
  .route("/", sleepRoutes)
  .route("/", fastingRoutes)
  .route("/", moodRoutes)
  .route("/", vitalsRoutes)
  .route("/", customMeasurementRoutes);
