import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeOidcProvider, type FakeOidcProvider } from "../fakes/oidc-provider.ts";
import { makeAdmin, SETUP_TIMEOUT, signIn, uniqueIp } from "../helpers/accounts.ts";
import { returnFromProvider, sessionCookieOf, startSso } from "../helpers/sso.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

const PUBLIC_URL = "http://fitness.test";
let provider: FakeOidcProvider;
let ctx: TestContext;
let adminToken: string;

const send = (method: string, path: string, body?: unknown) =>
  ctx.request(path, jsonRequest(method, adminToken, body));

beforeAll(async () => {
  provider = await startFakeOidcProvider(`${PUBLIC_URL}/api/auth/oidc-callback`);
  ctx = await createTestContext({
    SERVICE_FITNESS_PUBLIC_URL: PUBLIC_URL,
    // The fake provider is on loopback, which the SSRF guard refuses to anything else.
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
  });
  const admin = await ctx.createUser("Admin");
  await makeAdmin(ctx, admin.id);
  adminToken = admin.token;
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx.close();
  await provider.close();
});

function identity(email: string, emailVerified = true) {
  const id = crypto.randomUUID();
  provider.accounts.set(id, { email, emailVerified, name: "Linked" });
  return id;
}

async function ssoAs(slug: string, accountId: string) {
  const flow = await startSso(ctx, provider, accountId, slug);
  return returnFromProvider(ctx, flow.callback, flow.cookie);
}

describe("admin-configured providers", () => {
  let trustedId = "";

  test("password sign-in cannot be turned off while no provider exists", async () => {
    const answer = await send("PUT", "/api/admin/auth-settings", { passwordSignIn: false });
    expect(answer.status).toBe(400);
  });

  test("create, list (redirect URI, no secret), reserved and taken slugs", async () => {
    const body = {
      slug: "family-idp",
      display_name: "Family IdP",
      issuer_url: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      trust_email: true,
    };
    const created = await send("POST", "/api/admin/oidc-providers", body);
    expect(created.status).toBe(201);
    const record = (await created.json()) as Record<string, unknown>;
    trustedId = record.id as string;
    expect(record).toMatchObject({
      auto_register: false,
      timeout_ms: 3500,
      scope: "openid profile email",
      token_auth_method: "client_secret_post",
      redirect_uri: `${PUBLIC_URL}/api/auth/oidc-callback`,
    });
    expect(JSON.stringify(record)).not.toContain(provider.clientSecret);
    expect((await send("POST", "/api/admin/oidc-providers", body)).status).toBe(409);
    const reserved = await send("POST", "/api/admin/oidc-providers", { ...body, slug: "env" });
    expect(reserved.status).toBe(400);
    const list = (await (await send("GET", "/api/admin/oidc-providers")).json()) as unknown[];
    expect(list).toHaveLength(1);
    const user = await ctx.createUser();
    const forbidden = await ctx.request(
      "/api/admin/oidc-providers",
      jsonRequest("GET", user.token),
    );
    expect(forbidden.status).toBe(403);
  });

  test("a trusted provider links an existing account only by a verified email", async () => {
    const user = await ctx.createUser();
    const unverified = await ssoAs("family-idp", identity(user.email, false));
    expect(unverified.status).toBe(409);
    const linked = await ssoAs("family-idp", identity(user.email));
    expect(linked.status).toBe(302);
    const cookie = sessionCookieOf(linked)!.split(";")[0]!;
    const session = await ctx.request("/api/auth/get-session", { headers: { Cookie: cookie } });
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(user.id);
  });

  test("without auto-register an unknown identity is refused", async () => {
    const answer = await ssoAs("family-idp", identity(`${crypto.randomUUID()}@example.test`));
    expect(answer.status).toBe(403);
    expect(sessionCookieOf(answer)).toBeUndefined();
  });

  test("password sign-in off: settings say so and password sign-in answers 403", async () => {
    const off = await send("PUT", "/api/admin/auth-settings", { passwordSignIn: false });
    expect(off.status).toBe(200);
    const settings = (await (await ctx.request("/api/auth/settings")).json()) as {
      email: { enabled: boolean };
      oidc: { providers: unknown[] };
    };
    expect(settings.email.enabled).toBe(false);
    expect(settings.oidc.providers).toEqual([
      { id: "family-idp", display_name: "Family IdP", logo_url: null, auto_register: false },
    ]);
    const user = await ctx.createUser();
    const answer = await signIn(ctx, user, uniqueIp());
    expect(answer.status).toBe(403);
    await send("PUT", "/api/admin/auth-settings", { passwordSignIn: true });
  });

  test("an issuer on loopback is never fetched, even when an anonymous sign-in asks", async () => {
    let hits = 0;
    const local = Bun.serve({
      hostname: "::1",
      port: 0,
      fetch: () => {
        hits++;
        return Response.json({});
      },
    });
    try {
      const created = await send("POST", "/api/admin/oidc-providers", {
        slug: "on-loopback",
        display_name: "Loopback",
        issuer_url: `http://[::1]:${local.port}`,
        client_id: "c",
        client_secret: "s",
      });
      expect(created.status).toBe(201);
      const start = await ctx.request(
        "/api/auth/sign-in/sso",
        jsonRequest("POST", null, { providerId: "on-loopback" }),
      );
      expect(start.status).toBe(502);
      expect(await start.json()).toEqual({ error: "The identity provider could not be reached." });
      expect(hits).toBe(0);
      const { id } = (await created.json()) as { id: string };
      expect((await send("DELETE", `/api/admin/oidc-providers/${id}`)).status).toBe(204);
    } finally {
      local.stop(true);
    }
  });

  test("update and delete", async () => {
    const disabled = await send("PUT", `/api/admin/oidc-providers/${trustedId}`, {
      enabled: false,
    });
    expect(((await disabled.json()) as { enabled: boolean }).enabled).toBe(false);
    const start = await ctx.request(
      "/api/auth/sign-in/sso",
      jsonRequest("POST", null, { providerId: "family-idp" }),
    );
    expect(start.status).toBe(404);
    expect((await send("DELETE", `/api/admin/oidc-providers/${trustedId}`)).status).toBe(204);
    expect((await send("DELETE", `/api/admin/oidc-providers/${trustedId}`)).status).toBe(404);
  });
});
