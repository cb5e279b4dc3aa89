import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { emptyDir, run } from "../helpers/processes.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const signUp = (name: string) =>
  ctx.request(
    "/api/auth/sign-up/email",
    jsonRequest("POST", null, {
      email: `${crypto.randomUUID()}@example.test`,
      password: "long enough",
      name,
    }),
  );

describe("a new server's first account", () => {
  test("the first sign-up becomes the administrator; concurrent and later ones do not", async () => {
    const first = await Promise.all([signUp("A"), signUp("B"), signUp("C")]);
    const bodies = await Promise.all(first.map((r) => r.json()));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    const roles = bodies.map((b) => b.user.role as string).sort();
    expect(roles).toEqual(["admin", "user", "user"]);
    const admin = bodies.find((b) => b.user.role === "admin")!;
    const users = await ctx.request("/api/admin/users", { headers: bearer(admin.token) });
    expect(users.status).toBe(200);
    expect((await users.json()).filter((u: { role: string }) => u.role === "admin")).toHaveLength(
      1,
    );
    const later = await (await signUp("D")).json();
    expect(later.user.role).toBe("user");
    const refused = await ctx.request("/api/admin/users", { headers: bearer(later.token) });
    expect(refused.status).toBe(403);
  });
});

describe("fitness user set-role", () => {
  test("makes an existing account an administrator and back", async () => {
    const main = join(import.meta.dir, "..", "..", "src", "main.ts");
    const database = usesExternalDatabase ? await createServerTestDatabase() : undefined;
    const env: Record<string, string> = {
      SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-set-role-"),
      ...(database ? { SERVICE_FITNESS_DATABASE_URL: database.url } : {}),
    };
    const cli = (...args: string[]) => run([process.execPath, main, ...args], env);
    try {
      const email = "Ann@example.test";
      expect(
        (await cli("user", "create", "--email", email, "--password", "long enough")).code,
      ).toBe(0);
      const promoted = await cli(
        "user",
        "set-role",
        "--email",
        "ann@example.test",
        "--role",
        "admin",
      );
      expect(promoted.code).toBe(0);
      expect(promoted.stdout).toContain(`${email} is now an admin.`);
      const listed = await cli("user", "list", "--json");
      expect(JSON.parse(listed.stdout)).toMatchObject([{ email, role: "admin" }]);
      const demoted = await cli("user", "set-role", "--email", email, "--role", "user");
      expect(demoted.stdout).toContain(`${email} is now a user.`);
      const bad = await cli("user", "set-role", "--email", email, "--role", "root");
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("set-role");
      expect(
        (await cli("user", "set-role", "--email", "nobody@x.test", "--role", "admin")).code,
      ).toBe(1);
    } finally {
      await database?.drop();
    }
  }, 120_000);
});
