import { createRouter } from "../http/router.ts";
import { medicationEntryRoutes } from "./entry-routes.ts";
import { penRoutes } from "./pen-routes.ts";
import { planRoutes } from "./plan-routes.ts";
import { medicationRoutes } from "./routes.ts";
import { symptomRoutes } from "./symptom-routes.ts";

/**
 * The medications domain. Fixed paths (/entries, /due, /pens/...) are mounted before the
 * /{id} routes, which would otherwise take them as an id and answer 404.
 */
export const medicationsDomainRoutes = createRouter();
medicationsDomainRoutes.route("/", medicationEntryRoutes);
medicationsDomainRoutes.route("/", penRoutes);
medicationsDomainRoutes.route("/", planRoutes);
medicationsDomainRoutes.route("/", symptomRoutes);
medicationsDomainRoutes.route("/", medicationRoutes);
