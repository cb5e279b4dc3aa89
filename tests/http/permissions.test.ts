import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { handleError } from "../../src/errors.ts";
import type { AppEnv, AuthInfo } from "../../src/http/context.ts";
import { requirePermission } from "../../src/http/permissions.ts";
import { createLogger } from "../../src/logger.ts";

// Until family sharing exists no request can act for another user, so the hook is tested
// on a bare app whose auth says who acts for whom.
function appActingAs(auth: Pick<AuthInfo, "userId" | "actorId">) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("logger", createLogger("silent"));
    c.set("auth", { ...auth, role: "user", method: "session", permissions: [] });
    await next();
  });
  app.get("/read", requirePermission("can_manage_checkin", { write: false }), (c) => c.text("ok"));
  app.get("/write", requirePermission("can_manage_checkin", { write: true }), (c) => c.text("ok"));
  app.onError(handleError);
  return app;
}

describe("requirePermission", () => {
  test("lets the owner act on their own data", async () => {
    const app = appActingAs({ userId: "u1", actorId: "u1" });
    expect((await app.request("/read")).status).toBe(200);
    expect((await app.request("/write")).status).toBe(200);
  });

  test("answers 403 {error} to anyone acting for another user, read or write", async () => {
    const app = appActingAs({ userId: "owner", actorId: "delegate" });
    for (const path of ["/read", "/write"]) {
      const res = await app.request(path);
      expect(res.status).toBe(403);
      expect(typeof (await res.json()).error).toBe("string");
    }
  });
});
