import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../src/http/router.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Routes that exist only in this test, to reach the error paths of the real app.
  const probe = createRoute({
    method: "post",
    path: "/test/echo",
    request: {
      body: {
        content: { "application/json": { schema: z.object({ count: z.number().int().min(1) }) } },
      },
    },
    responses: { 200: { description: "echo" } },
  });
  const router = createRouter()
    .openapi(probe, (c) => c.json(c.req.valid("json"), 200))
    .get("/test/boom", () => {
      throw new Error("secret internal detail");
    });
  ctx.app.route("/", router);
});
afterAll(() => ctx.close());

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

describe("HTTP skeleton", () => {
  test("GET /api/health checks the database", async () => {
    const res = await ctx.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  test("GET /api/version is public", async () => {
    const res = await ctx.request("/api/version");
    expect(res.status).toBe(200);
    expect((await res.json()).version).toMatch(/^\d+\.\d+\.\d+/);
  });

  test("every response carries a request id; a sane incoming one is kept", async () => {
    const generated = await ctx.request("/api/version");
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ctx.request("/api/version", { headers: { "X-Request-Id": "abc-123" } });
    expect(kept.headers.get("x-request-id")).toBe("abc-123");
    const replaced = await ctx.request("/api/version", { headers: { "X-Request-Id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });

  test("unknown paths answer 404 with an error body", async () => {
    const res = await ctx.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found." });
  });

  test("zod validation failures are 400 with a readable message", async () => {
    const res = await ctx.request("/test/echo", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ count: 0 }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toContain("count");
  });

  test("unexpected errors are a generic 500 that leaks nothing", async () => {
    const res = await ctx.request("/test/boom");
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ error: "Internal server error." });
  });

  test("bodies over 10 MB are refused with 413 and a JSON error", async () => {
    const res = await ctx.request("/test/echo", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{"count": 1, "pad": "${"x".repeat(10 * 1024 * 1024)}"}`,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toContain("10 MB");
  });

  test("every route answers with and without a trailing slash", async () => {
    const plain = await ctx.request("/test/echo", post({ count: 2 }));
    const slashed = await ctx.request("/test/echo/", post({ count: 2 }));
    expect([plain.status, slashed.status]).toEqual([200, 200]);
    expect(await slashed.json()).toEqual({ count: 2 });
    expect((await ctx.request("/api/version/")).status).toBe(200);
    // One slash only: a doubled one is another path.
    expect((await ctx.request("/api/version//")).status).toBe(404);
  });
});
