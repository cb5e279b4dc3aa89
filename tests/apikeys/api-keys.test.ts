import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import {
  apiKeyLookupHash,
  decryptApiKey,
  generateApiKey,
  hasApiKeyShape,
} from "../../src/credentials/api-key-crypto.ts";
import { randomToken } from "../../src/credentials/tokens.ts";
import { runApiKeyCommand } from "../../src/cli/apikey.ts";
import { UsageError } from "../../src/cli/context.ts";
import { requireApiKey } from "../../src/http/auth.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A route guarded like /api/health-data, to check the exact API-key messages.
  ctx.app.post("/test/health-data", requireApiKey("health_data_write"), (c) =>
    c.json({ userId: c.var.auth.userId }),
  );
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const generate = (token: string, body: unknown) =>
  ctx.request("/api/identity/user/generate-api-key", jsonRequest("POST", token, body));
const probe = (headers: Record<string, string> = {}) =>
  ctx.request("/test/health-data", { method: "POST", headers });

describe("API key routes", () => {
  test("generate answers 201 with the key once; every permission by default", async () => {
    const user = await ctx.createUser();
    const res = await generate(user.token, { name: "phone" });
    expect(res.status).toBe(201);
    const { apiKey } = await res.json();
    expect(Object.keys(apiKey).sort()).toEqual(
      ["createdAt", "expiresAt", "id", "key", "name", "permissions"].sort(),
    );
    expect(apiKey).toMatchObject({ name: "phone", expiresAt: null });
    expect(apiKey.permissions.sort()).toEqual(
      ["data_read", "data_write", "health_data_write", "mcp"].sort(),
    );
    expect((await probe({ "X-API-Key": apiKey.key })).status).toBe(200);
    expect((await probe(bearer(apiKey.key))).status).toBe(200);
  });

  test("expiresIn sets the expiry; bad input is a 400 and creates nothing", async () => {
    const user = await ctx.createUser();
    const res = await generate(user.token, { name: "x", permissions: ["mcp"], expiresIn: 3600 });
    const { apiKey } = await res.json();
    const inSeconds = (Date.parse(apiKey.expiresAt) - Date.now()) / 1000;
    expect(inSeconds).toBeGreaterThan(3500);
    expect(inSeconds).toBeLessThanOrEqual(3600);
    expect(apiKey.permissions).toEqual(["mcp"]);
    for (const bad of [
      { name: "x", permissions: ["admin"] },
      { name: "" },
      {},
      { name: "x", expiresIn: -5 },
      { name: "x", permissions: [] },
    ]) {
      expect((await generate(user.token, bad)).status).toBe(400);
    }
    const list = await ctx.request("/api/identity/user-api-keys", { headers: bearer(user.token) });
    expect((await list.json()).length).toBe(1);
  });

  test("the list shows a short prefix, never the key; only the caller's keys", async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const { apiKey } = await (await generate(a.token, { name: "a-key" })).json();
    const res = await ctx.request("/api/identity/user-api-keys", { headers: bearer(a.token) });
    const text = await res.text();
    expect(text).not.toContain(apiKey.key);
    const [listed] = JSON.parse(text);
    expect(listed).toMatchObject({ id: apiKey.id, name: "a-key", lastUsedAt: null });
    expect(apiKey.key.startsWith(listed.prefix)).toBe(true);
    expect(listed.prefix.length).toBeLessThan(12);
    const ofB = await ctx.request("/api/identity/user-api-keys", { headers: bearer(b.token) });
    expect(await ofB.json()).toEqual([]);
  });

  test("delete: 404 for someone else's key, which keeps working; the owner's delete revokes", async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const { apiKey } = await (await generate(a.token, { name: "a-key" })).json();
    const path = `/api/identity/user/api-key/${apiKey.id}`;
    const byB = await ctx.request(path, { method: "DELETE", headers: bearer(b.token) });
    expect(byB.status).toBe(404);
    expect(await byB.json()).toEqual({ error: "API key not found." });
    expect((await probe(bearer(apiKey.key))).status).toBe(200);

    const byA = await ctx.request(path, { method: "DELETE", headers: bearer(a.token) });
    expect(byA.status).toBe(200);
    const revoked = await probe(bearer(apiKey.key));
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ error: "Unauthorized: Invalid or inactive API Key" });
    expect((await ctx.request(path, { method: "DELETE", headers: bearer(a.token) })).status).toBe(
      404,
    );
    const notUuid = "/api/identity/user/api-key/not-a-uuid";
    expect(
      (await ctx.request(notUuid, { method: "DELETE", headers: bearer(a.token) })).status,
    ).toBe(404);
  });

  test("an API key cannot manage keys; no credentials is a 401", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const res = await generate(key, { name: "more" });
    expect(res.status).toBe(403);
    expect((await generate("", { name: "x" })).status).toBe(401);
    const listWithKey = await ctx.request("/api/identity/user-api-keys", {
      headers: { "X-API-Key": key },
    });
    expect(listWithKey.status).toBe(403);
  });
});

describe("API key authentication on API-key-only routes", () => {
  test("the spec's exact messages", async () => {
    const user = await ctx.createUser();
    const missing = await probe();
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: "Unauthorized: Missing API Key" });

    const unknown = await probe({ "X-API-Key": "fit_not-a-real-key" });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: "Unauthorized: Invalid or inactive API Key" });

    const expired = await ctx.createApiKey(user.id, undefined, new Date(Date.now() - 1000));
    expect((await probe(bearer(expired))).status).toBe(401);

    // A session token is not an API key.
    expect((await probe(bearer(user.token))).status).toBe(401);

    const mcpOnly = await ctx.createApiKey(user.id, ["mcp"]);
    const forbidden = await probe({ "X-API-Key": mcpOnly });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      error: "Forbidden: API Key does not have health_data_write permission",
    });
  });

  test("a key acts for the account that made it", async () => {
    const a = await ctx.createUser();
    const key = await ctx.createApiKey(a.id);
    expect(await (await probe(bearer(key))).json()).toEqual({ userId: a.id });
    const me = await ctx.request("/api/identity/user", { headers: { "X-API-Key": key } });
    expect((await me.json()).id).toBe(a.id);
  });
});

describe("a bearer shaped like a key is looked up as a key only", () => {
  test("every key has the shape and no session token does", () => {
    for (let i = 0; i < 1000; i++) {
      expect(hasApiKeyShape(generateApiKey())).toBe(true);
      expect(hasApiKeyShape(randomToken())).toBe(false);
      // Even a session token that happens to begin like a key.
      expect(hasApiKeyShape(`fit_${randomToken()}`.slice(0, 43))).toBe(false);
    }
  });

  test("an unknown key-shaped bearer is refused; keys and session tokens still sign in", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const me = (token: string) => ctx.request("/api/identity/user", { headers: bearer(token) });
    const unknown = await me(generateApiKey());
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: "Unauthorized" });
    expect((await (await me(key)).json()).id).toBe(user.id);
    expect((await (await me(user.token)).json()).id).toBe(user.id);
  });
});

describe("key storage", () => {
  test("the database holds no plaintext key: AES-GCM ciphertext plus a keyed lookup hash", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const [row] = await ctx.db.owner<
      { dump: string; ciphertext: Uint8Array; lookup: Uint8Array }[]
    >`select k::text as dump, key_ciphertext as ciphertext, lookup_hash as lookup
        from api_keys k where user_id = ${user.id}`;
    const hex = Buffer.from(key).toString("hex");
    expect(row!.dump).not.toContain(key);
    expect(row!.dump).not.toContain(key.slice(12));
    expect(row!.dump).not.toContain(hex);
    expect(decryptApiKey(ctx.config.apiEncryptionKey, row!.ciphertext)).toBe(key);
    expect(() => decryptApiKey("b".repeat(64), row!.ciphertext)).toThrow();
    const lookup = apiKeyLookupHash(ctx.config.apiEncryptionKey, key);
    expect(Buffer.from(row!.lookup).toString("hex")).toBe(lookup.toString("hex"));
  });

  test("a family delegate acting for the owner sees none of the owner's keys", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    await ctx.createApiKey(owner.id);
    const seen = await ctx.db.withUser(owner.id, (tx) => tx`select id from api_keys`, delegate.id);
    expect(seen.length).toBe(0);
  });
});

describe("fitness apikey CLI", () => {
  test("create --json prints id and key; list; revoke", async () => {
    const user = await ctx.createUser();
    const out = spyOn(process.stdout, "write").mockImplementation(() => true);
    const log = spyOn(console, "log").mockImplementation(() => {});
    try {
      const args = ["create", "--email", user.email, "--name", "cli", "--permissions", "mcp"];
      expect(await runApiKeyCommand(ctx.db, ctx.config, [...args, "--json"])).toBe(0);
      const created = JSON.parse(String(out.mock.calls.at(-1)![0]));
      expect(Object.keys(created).sort()).toEqual(["id", "key"]);
      const me = await ctx.request("/api/identity/user", { headers: bearer(created.key) });
      expect(me.status).toBe(200);

      await runApiKeyCommand(ctx.db, ctx.config, ["list", "--email", user.email, "--json"]);
      const listed = JSON.parse(String(out.mock.calls.at(-1)![0]));
      expect(listed.map((k: { id: string }) => k.id)).toEqual([created.id]);
      expect(JSON.stringify(listed)).not.toContain(created.key);

      expect(await runApiKeyCommand(ctx.db, ctx.config, ["revoke", "--id", created.id])).toBe(0);
      expect((await probe(bearer(created.key))).status).toBe(401);
      await expect(
        runApiKeyCommand(ctx.db, ctx.config, ["revoke", "--id", created.id]),
      ).rejects.toThrow(/No API key/);
      await expect(
        runApiKeyCommand(ctx.db, ctx.config, [...args.slice(0, 5), "--permissions", "root"]),
      ).rejects.toBeInstanceOf(UsageError);
    } finally {
      out.mockRestore();
      log.mockRestore();
    }
  });
});
