import type { MiddlewareHandler } from "hono";
import { setAnswerHeaders } from "./answer-headers.ts";
import type { AppDeps, AppEnv } from "./context.ts";

/** Gives every request an id (echoed as X-Request-Id), its dependencies and an access log line. */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.-]{1,128}$/.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("config", deps.config);
    c.set("db", deps.db);
    c.set("logger", deps.logger);
    c.set("jobs", deps.jobs);
    const started = performance.now();
    await next();
    setAnswerHeaders(c, [["X-Request-Id", requestId]]);
    deps.logger.info("request", {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
