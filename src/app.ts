import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { checkInRoutes } from "./checkin/routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { handleError, HttpError } from "./errors.ts";
import { healthDataReadRoutes } from "./health-data/read-routes.ts";
import { healthDataRoutes } from "./health-data/routes.ts";
import type { AppDeps, AppEnv } from "./http/context.ts";
import { requestContext } from "./http/request-context.ts";
import { photoRoutes } from "./photos/routes.ts";
import { staticRoutes } from "./static/routes.ts";
import { systemRoutes } from "./system/routes.ts";
import { telemetryRoutes } from "./telemetry/routes.ts";
import { exerciseEntryRoutes } from "./workouts/routes.ts";

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Builds the HTTP application: middleware order, each domain's routes, one error mapping. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use(requestContext(deps));
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new HttpError(413, "Request body too large (limit 10 MB).");
      },
    }),
  );

  app.route("/", systemRoutes);
  app.route("/", checkInRoutes);
  app.route("/", photoRoutes);
  app.route("/", healthDataRoutes);
  app.route("/", healthDataReadRoutes);
  app.route("/", exerciseEntryRoutes);
  app.route("/", telemetryRoutes);

  if (deps.config.publicApiDocs) app.route("/", docsRoutes(app));
  app.route("/", staticRoutes);
  app.notFound((c) => c.json({ error: "Not found." }, 404));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
