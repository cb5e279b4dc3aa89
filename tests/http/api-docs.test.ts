import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

let hidden: TestContext;
let open: TestContext;
beforeAll(async () => {
  [hidden, open] = await Promise.all([
    createTestContext(),
    createTestContext({ SERVICE_FITNESS_PUBLIC_API_DOCS: "true" }),
  ]);
});
afterAll(async () => {
  await Promise.all([hidden.close(), open.close()]);
});

describe("API docs", () => {
  test("are 404 unless SERVICE_FITNESS_PUBLIC_API_DOCS=true", async () => {
    expect((await hidden.request("/api/api-docs/swagger")).status).toBe(404);
    expect((await hidden.request("/api/api-docs/json")).status).toBe(404);
  });

  test("the OpenAPI 3.1 document is generated from the route schemas", async () => {
    const res = await open.request("/api/api-docs/json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/health"].get.responses["200"]).toBeDefined();
    expect(doc.paths["/api/version"]).toBeDefined();
  });

  test("every /api/auth/ operation that takes a body lists the 413 of its 64 KB limit", async () => {
    const doc = await (await open.request("/api/api-docs/json")).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>)
      .filter(([path]) => path.startsWith("/api/auth/"))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => !["get", "head", "parameters"].includes(method))
          .map(([method, op]) => ({ path, method, op })),
      );
    expect(operations.length).toBeGreaterThan(10);
    for (const { path, method, op } of operations) {
      expect({ path, method, has413: "413" in op.responses }).toEqual({
        path,
        method,
        has413: true,
      });
    }
    // As the server answers it.
    const res = await open.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    expect(doc.paths["/api/auth/sign-in/email"].post.responses["413"].content).toBeDefined();
    // Routes elsewhere keep their own documentation.
    expect(doc.paths["/api/health"].get.responses["413"]).toBeUndefined();
  });

  test("the interactive page and its assets come from the binary", async () => {
    const page = await open.request("/api/api-docs/swagger");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const src of html.match(/\/api\/api-docs\/assets\/[\w.-]+/g) ?? []) {
      const asset = await open.request(src);
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
      expect((await asset.text()).length).toBeGreaterThan(10);
    }
  });
});
