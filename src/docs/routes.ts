import type { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import swaggerBundle from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import swaggerCss from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import type { AppEnv } from "../http/context.ts";
import { withAuthBodyLimit } from "../http/openapi-kit.ts";
import { VERSION } from "../version.ts";

const ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": swaggerBundle,
  "swagger-ui.css": swaggerCss,
};

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>fitness API</title>
<link rel="stylesheet" href="/api/api-docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/api-docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/api-docs/assets/init.js"></script>
</body></html>`;

// A separate script rather than inline code, so a strict Content-Security-Policy can apply.
const INIT = `window.ui = SwaggerUIBundle({ url: "/api/api-docs/json", dom_id: "#swagger-ui" });`;

/**
 * The OpenAPI 3.1 document generated from the routes' own zod schemas, and an interactive
 * page whose assets come from the binary. Mounted only when public API docs are enabled.
 */
export function docsRoutes(app: OpenAPIHono<AppEnv>) {
  const docs = new Hono<AppEnv>();
  docs.get("/api/api-docs/json", (c) =>
    c.json(
      withAuthBodyLimit(
        app.getOpenAPI31Document({
          openapi: "3.1.0",
          info: { title: "fitness", version: VERSION },
        }),
      ),
    ),
  );
  docs.get("/api/api-docs/swagger", (c) => c.html(PAGE));
  docs.get("/api/api-docs/assets/init.js", (c) =>
    c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
  docs.get("/api/api-docs/assets/:name", (c) => {
    const asset = ASSETS[c.req.param("name")];
    if (!asset) return c.json({ error: "Not found." }, 404);
    const file = Bun.file(asset);
    return new Response(file, { headers: { "Content-Type": file.type } });
  });
  return docs;
}
