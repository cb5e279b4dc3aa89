import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context.ts";

/**
 * A domain's router. Routes declared with `createRoute` validate with their zod schemas
 * and appear in the OpenAPI document; a validation failure goes to the one onError.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw result.error;
    },
  });
}

export type Router = ReturnType<typeof createRouter>;
