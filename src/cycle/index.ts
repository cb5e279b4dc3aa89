import { createRouter } from "../http/router.ts";
import { bumpPhotoRoutes } from "../pregnancy/photo-routes.ts";
import { pregnancyRoutes } from "../pregnancy/routes.ts";
import { pregnancyTrackingRoutes } from "../pregnancy/tracking-routes.ts";
import { cycleHistoryRoutes } from "./history-routes.ts";
import { cycleRoutes } from "./routes.ts";

/**
 * Cycle and pregnancy routes, all owner-only. Fixed pregnancy paths (checklist, kicks,
 * photos, ...) are mounted before /api/v2/pregnancy/{id}, which would take them as an id.
 */
export const cycleDomainRoutes = createRouter();
cycleDomainRoutes.route("/", cycleRoutes);
cycleDomainRoutes.route("/", cycleHistoryRoutes);
cycleDomainRoutes.route("/", bumpPhotoRoutes);
cycleDomainRoutes.route("/", pregnancyTrackingRoutes);
cycleDomainRoutes.route("/", pregnancyRoutes);
