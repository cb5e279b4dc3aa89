import { OpenAPIHono } from "@hono/zod-openapi";
import { except } from "hono/combine";
import { ACTIVITY_IMPORT_PATH, activityFileRoutes } from "./activity-files/routes.ts";
import { APPLE_HEALTH_IMPORT_PATH, appImportRoutes } from "./app-imports/routes.ts";
import { checkInRoutes } from "./checkin/routes.ts";
import { adminRoutes } from "./admin/routes.ts";
import { oidcProviderAdminRoutes } from "./admin/oidc-provider-routes.ts";
import { signInSettingsRoutes } from "./admin/sign-in-settings-routes.ts";
import { sparkyImportJobRoutes } from "./sparkyfitness-import/run/job-routes.ts";
import { apiKeyRoutes } from "./apikeys/routes.ts";
import { demoRoutes } from "./auth/demo.ts";
import { authRoutes } from "./auth/routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { handleError } from "./http/on-error.ts";
import { entryImageRoutes } from "./diary/entry-image-routes.ts";
import { entryRoutes } from "./diary/entry-routes.ts";
import { mealTypeRoutes } from "./diary/meal-type-routes.ts";
import { mealPlanRoutes } from "./meal-plans/routes.ts";
import { loggedMealRoutes } from "./diary/logged-meal-routes.ts";
import { mealRoutes } from "./foods/meal-routes.ts";
import { customNutrientRoutes } from "./foods/custom-nutrient-routes.ts";
import { favoriteRoutes } from "./foods/favorite-routes.ts";
import { goalRoutes } from "./goals/routes.ts";
import { foodRoutes } from "./foods/routes.ts";
import { micronutrientRoutes } from "./micronutrients/routes.ts";
import { healthDataReadRoutes } from "./health-data/read-routes.ts";
import { healthDataRoutes } from "./health-data/routes.ts";
import type { AppDeps, AppEnv } from "./http/context.ts";
import { AUTH_BODY_LIMIT, limitBody } from "./http/body-limit.ts";
import { compressResponses } from "./http/compression.ts";
import { limitSignIn } from "./http/rate-limit.ts";
import { createMetrics } from "./http/metrics.ts";
import { chatRoutes } from "./chat/routes.ts";
import { phoneChatHistoryRoutes } from "./chat/phone-history-routes.ts";
import { foodAiRoutes } from "./chat/food-ai-routes.ts";
import { chatSettingsRoutes } from "./chat/settings-routes.ts";
import { guardCookieWrites, securityHeaders } from "./http/browser-security.ts";
import { mcpRoutes } from "./mcp/routes.ts";
import { medicationsDomainRoutes } from "./medications/index.ts";
import { cycleDomainRoutes } from "./cycle/index.ts";
import { requestContext } from "./http/request-context.ts";
import { backupRoutes } from "./operations/backup-routes.ts";
import { exportRoutes } from "./export/routes.ts";
import { photoRoutes } from "./photos/routes.ts";
import { staticRoutes } from "./static/routes.ts";
import { summaryRoutes } from "./summary/routes.ts";
import { systemRoutes } from "./system/routes.ts";
import { telemetryRoutes } from "./telemetry/routes.ts";
import { trackerRoutes } from "./trackers/routes.ts";
import { exerciseEntryRoutes } from "./workouts/routes.ts";
import { exerciseDomainRoutes } from "./exercises/routes.ts";
import { identityRoutes } from "./users/routes.ts";
import { familyContextRoutes } from "./family/context-routes.ts";
import { familyAccessRoutes } from "./family/routes.ts";
import { preferenceRoutes } from "./preferences/routes.ts";
import { pushRoutes } from "./reminders/push-routes.ts";
import { nutrientDisplayRoutes } from "./preferences/nutrient-display-routes.ts";
import { providerConfigRoutes } from "./providers/routes.ts";
import { providerFoodRoutes } from "./providers/food-routes.ts";
import { contributionRoutes } from "./providers/contribution-routes.ts";
import { garminWebhookRoutes } from "./provider-sync/garmin-webhook.ts";
import { providerSyncRoutes } from "./provider-sync/routes.ts";
import { stravaWebhookRoutes } from "./provider-sync/strava-webhook.ts";

/** The spec's sign-in limiter paths, each with its own budget per client address. */
const SIGN_IN_LIMITED_PATHS = [
  "/api/auth/sign-in/email",
  "/api/auth/two-factor/*",
  "/api/auth/email-otp/verify-email",
];

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Builds the HTTP application: middleware order, each domain's routes, one error mapping. */
export function createApp(deps: AppDeps) {
  // Not strict: `/path/` is routed as `/path` (the phone app calls `POST /api/exercises/`),
  // and `c.req.path` is the path without the slash, so limiters and logs see one path.
  const app = new OpenAPIHono<AppEnv>({ strict: false });
  app.use(requestContext(deps));
  const metrics = deps.config.metrics ? createMetrics() : undefined;
  if (metrics) app.use(metrics.middleware);
  app.use(compressResponses());
  app.use(securityHeaders());
  app.use(guardCookieWrites());
  // Activity-file imports (50 MB) and Apple Health exports (4 GB) set their own limits;
  // sign-in, sign-up and the rest of /api/auth/* take small bodies, mostly from anonymous
  // callers. Counted as the body is read, so a route's authentication comes first.
  const bodyLimit = except(
    [ACTIVITY_IMPORT_PATH, APPLE_HEALTH_IMPORT_PATH, `${AUTH_BODY_LIMIT.prefix}*`],
    limitBody(MAX_BODY_BYTES, "Request body too large (limit 10 MB)."),
  );
  // A request without a body (every read) has nothing to limit: it skips except()'s path
  // matching and composition.
  app.use((c, next) => (c.req.raw.body ? bodyLimit(c, next) : next()));
  app.use(
    `${AUTH_BODY_LIMIT.prefix}*`,
    limitBody(AUTH_BODY_LIMIT.maxBytes, AUTH_BODY_LIMIT.tooLarge),
  );

  // Before any route, so paths that do not exist (yet) are counted too.
  for (const path of SIGN_IN_LIMITED_PATHS) app.use(path, limitSignIn());

  if (metrics) app.route("/", metrics.routes);
  app.route("/", systemRoutes);
  app.route("/", checkInRoutes);
  app.route("/", photoRoutes);
  app.route("/", healthDataRoutes);
  app.route("/", healthDataReadRoutes);
  app.route("/", trackerRoutes);
  app.route("/", goalRoutes);
  app.route("/", micronutrientRoutes);
  app.route("/", summaryRoutes);
  app.route("/", exerciseEntryRoutes);
  app.route("/", exerciseDomainRoutes);
  app.route("/", activityFileRoutes);
  app.route("/", appImportRoutes);
  app.route("/", telemetryRoutes);
  app.route("/", authRoutes);
  if (deps.config.demoMode) app.route("/", demoRoutes);
  app.route("/", identityRoutes);
  app.route("/", familyAccessRoutes);
  app.route("/", familyContextRoutes);
  app.route("/", preferenceRoutes);
  app.route("/", nutrientDisplayRoutes);
  app.route("/", pushRoutes);
  app.route("/", apiKeyRoutes);
  app.route("/", adminRoutes);
  app.route("/", oidcProviderAdminRoutes);
  app.route("/", signInSettingsRoutes);
  app.route("/", sparkyImportJobRoutes);
  app.route("/", backupRoutes);
  app.route("/", exportRoutes);
  app.route("/", mcpRoutes);
  app.route("/", chatRoutes);
  app.route("/", phoneChatHistoryRoutes);
  app.route("/", foodAiRoutes);
  app.route("/", chatSettingsRoutes);
  app.route("/", medicationsDomainRoutes);
  app.route("/", cycleDomainRoutes);
  app.route("/", entryRoutes);
  app.route("/", entryImageRoutes);
  app.route("/", mealTypeRoutes);
  app.route("/", mealPlanRoutes);
  app.route("/", loggedMealRoutes);
  app.route("/", mealRoutes);
  app.route("/", foodRoutes);
  app.route("/", favoriteRoutes);
  app.route("/", customNutrientRoutes);
  app.route("/", providerConfigRoutes);
  app.route("/", providerFoodRoutes);
  app.route("/", contributionRoutes);
  app.route("/", providerSyncRoutes);
  app.route("/", garminWebhookRoutes);
  app.route("/", stravaWebhookRoutes);

  if (deps.config.publicApiDocs) app.route("/", docsRoutes(app));
  app.route("/", staticRoutes);
  app.notFound((c) => c.json({ error: "Not found." }, 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
