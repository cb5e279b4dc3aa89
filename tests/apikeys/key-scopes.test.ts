import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { applyMigrations } from "../../src/database/migrate.ts";
import { migrations } from "../../src/database/migrations.ts";
import { makeAdmin, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { PNG } from "../helpers/image-fixtures.ts";
import { PHOTOS, uploadPhoto } from "../helpers/photo-requests.ts";
import { createScratchPostgres } from "../helpers/scratch-postgres.ts";
import {
  bearer,
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";

// Issue 37, finding 5: a key reaches only what its permissions name. Every data route is
// covered key permission by key permission in tests/permission-matrix; here, the cases the
// issue found, the phone's sync-only flow and the routes no key reaches.
let ctx: TestContext;
let user: TestUser;
const keys: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser("Key Owner");
  for (const p of ["health_data_write", "mcp", "data_read", "data_write"]) {
    keys[p] = await ctx.createApiKey(user.id, [p]);
  }
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const DAY = "2026-03-01";
const asKey = (key: string, path: string, method = "GET", body?: unknown) =>
  ctx.request(
    path,
    body === undefined ? { method, headers: bearer(key) } : jsonRequest(method, key, body),
  );

async function profileName(): Promise<string> {
  const res = await ctx.request("/api/identity/profiles", { headers: bearer(user.token) });
  return (await res.json()).name;
}

describe("a sync or MCP key reaches none of the account's data routes", () => {
  for (const permission of ["health_data_write", "mcp"]) {
    test(`only ${permission}: no export, no photo deleted, no profile edited`, async () => {
      const exported = await asKey(keys[permission]!, "/api/export");
      expect(exported.status).toBe(403);
      expect(await exported.json()).toEqual({
        error: "Forbidden: API Key does not have data_read permission",
      });

      const photo = await (
        await uploadPhoto(ctx, user, DAY, "front", PNG, "f.png", "image/png")
      ).json();
      const deleted = await asKey(keys[permission]!, `${PHOTOS}/photo/${photo.id}`, "DELETE");
      expect(deleted.status).toBe(403);
      const file = await ctx.request(`${PHOTOS}/file/${photo.id}`, { headers: bearer(user.token) });
      expect(file.status).toBe(200);

      const before = await profileName();
      const edit = await asKey(keys[permission]!, "/api/identity/profiles", "PUT", {
        name: "Taken over",
      });
      expect(edit.status).toBe(403);
      expect(await profileName()).toBe(before);
    });
  }
});

describe("data_read reads, data_write changes", () => {
  test("data_read downloads the export but cannot change the profile", async () => {
    const exported = await asKey(keys.data_read!, "/api/export");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    const edit = await asKey(keys.data_read!, "/api/identity/profiles", "PUT", { name: "Nope" });
    expect(edit.status).toBe(403);
    expect(await edit.json()).toEqual({
      error: "Forbidden: API Key does not have data_write permission",
    });
  });

  test("data_write changes the profile but reads nothing", async () => {
    const edit = await asKey(keys.data_write!, "/api/identity/profiles", "PUT", { name: "By key" });
    expect(edit.status).toBe(200);
    expect(await profileName()).toBe("By key");
    expect((await asKey(keys.data_write!, "/api/identity/profiles")).status).toBe(403);
  });
});

describe("the phone app's sync with a key holding only health_data_write", () => {
  test("connection check, time zone bootstrap and sync pass; the diary does not", async () => {
    const key = keys.health_data_write!;
    expect((await asKey(key, "/api/identity/user")).status).toBe(200);
    const bootstrap = await asKey(key, "/api/user-preferences/bootstrap-timezone", "POST", {
      timezone: "Europe/Berlin",
    });
    expect(bootstrap.status).toBe(200);
    expect((await bootstrap.json()).timezone).toBeString();
    const sync = await asKey(key, "/api/health-data", "POST", [
      { type: "weight", value: 71.5, date: DAY },
    ]);
    expect(sync.status).toBe(200);
    expect((await asKey(key, `/api/measurements/check-in/${DAY}`)).status).toBe(403);
  });
});

describe("no key reaches account management or the admin surface", () => {
  test("a key with every permission, of an administrator", async () => {
    const admin = await ctx.createUser("Key Admin");
    await makeAdmin(ctx, admin.id);
    const key = await ctx.createApiKey(admin.id);
    const refused = [
      ["GET", "/api/admin/users"],
      ["GET", "/api/identity/user-api-keys"],
      ["GET", "/api/auth/list-sessions"],
      ["POST", "/api/identity/update-password"],
      ["POST", "/api/identity/user/generate-api-key"],
    ] as const;
    for (const [method, path] of refused) {
      const res = await asKey(key, path, method, method === "POST" ? {} : undefined);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    // The same administrator signed in reaches them.
    const list = await ctx.request("/api/admin/users", { headers: bearer(admin.token) });
    expect(list.status).toBe(200);
  });

  test("MCP needs the mcp permission", async () => {
    const res = await ctx.request("/mcp", {
      method: "POST",
      headers: { ...bearer(keys.data_write!), "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Forbidden: API Key does not have mcp permission" });
  });
});

test("upgrading keeps a key made with the old default usable by apps; a narrowed key stays narrow", async () => {
  const scratch = await createScratchPostgres();
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  try {
    const last = migrations.at(-1)!.version;
    const before = migrations.map((m) => m.version).filter((v) => v < 26);
    await applyMigrations(sql, { only: before });
    const [owner] = await sql<{ id: string }[]>`
      insert into users (email) values ('upgrade@example.test') returning id`;
    const insertKey = (name: string, permissions: string[]) => sql`
      insert into api_keys (user_id, name, key_prefix, lookup_hash, key_ciphertext, permissions)
      values (${owner!.id}, ${name}, 'fit_', ${Buffer.from(name)}, ${Buffer.from(name)}, ${permissions})`;
    await insertKey("old default", ["health_data_write", "mcp"]);
    await insertKey("sync only", ["health_data_write"]);
    await applyMigrations(sql);
    const rows = await sql<{ name: string; permissions: string[] }[]>`
      select name, permissions from api_keys order by name`;
    expect([...rows]).toEqual([
      { name: "old default", permissions: ["health_data_write", "mcp", "data_read", "data_write"] },
      { name: "sync only", permissions: ["health_data_write"] },
    ]);
    expect(last).toBeGreaterThanOrEqual(26);
  } finally {
    await sql.end();
    await scratch.close();
  }
});
