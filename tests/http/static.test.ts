import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PUBLIC_ASSETS } from "../../src/static/public-assets.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const uploads = ctx.config.uploadsDir;
  mkdirSync(join(uploads, "foods", "f1"), { recursive: true });
  writeFileSync(join(uploads, "foods", "f1", "photo.png"), "PNGDATA");
  mkdirSync(join(uploads, "check-in", "u1"), { recursive: true });
  writeFileSync(join(uploads, "check-in", "u1", "front.jpg"), "PRIVATE");
  writeFileSync(join(ctx.config.dataDir, "outside.txt"), "OUTSIDE");
});
afterAll(() => ctx.close());

describe("static files", () => {
  test("the web client is served from memory at /", async () => {
    const res = await ctx.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("<title>fitness</title>");
    const style = Object.keys(PUBLIC_ASSETS).find((path) => path.endsWith(".css"))!;
    expect((await ctx.request(style)).headers.get("content-type")).toContain("text/css");
  });

  for (const mount of ["/uploads", "/api/uploads"]) {
    test(`${mount} serves uploads with nosniff`, async () => {
      const res = await ctx.request(`${mount}/foods/f1/photo.png`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.text()).toBe("PNGDATA");
    });

    test(`${mount} answers 404 for the check-in subtree, however it is spelled`, async () => {
      for (const path of [
        "check-in/u1/front.jpg",
        "Check-In/u1/front.jpg",
        "foods/../check-in/u1/front.jpg",
        "check%2Din/u1/front.jpg",
        "./check-in/u1/front.jpg",
      ]) {
        const res = await ctx.request(`${mount}/${path}`);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(await res.text()).not.toContain("PRIVATE");
      }
    });

    test(`${mount} never serves files outside the uploads root`, async () => {
      for (const path of ["../outside.txt", "..%2Foutside.txt", "%2e%2e/outside.txt"]) {
        const res = await ctx.request(`${mount}/${path}`);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain("OUTSIDE");
      }
    });
  }
});
