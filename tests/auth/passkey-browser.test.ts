import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, CDPSession, Page } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { launchBrowser, runBrowserTests } from "../web/browser.ts";

// Chromium's virtual authenticator (DevTools protocol) against the running binary. The
// relying party is "localhost": WebAuthn refuses IP addresses as relying-party ids.
let server: BinaryServer;
let browser: Browser;
let page: Page;
let devtools: CDPSession;
let authenticatorId = "";
let publicUrl = "";
const email = `${crypto.randomUUID()}@example.test`;

type Answer = { status: number; body: Record<string, unknown> };

/** Runs one call from the page (same origin, session cookie and all). */
function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (token) headers.Authorization = `Bearer ${token}`;
      const init: RequestInit = { method, headers };
      if (method !== "GET") init.body = JSON.stringify(body ?? {});
      const response = await fetch(path, init);
      return { status: response.status, body: await response.json() };
    },
    { method, path, body, token },
  );
}

/** Creates a credential in the browser for registration options; its JSON. */
function createCredential(options: unknown): Promise<unknown> {
  return page.evaluate(async (options) => {
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options as never);
    const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
    return credential.toJSON();
  }, options);
}

/** Signs an authentication challenge in the browser; the assertion's JSON. */
function getAssertion(options: unknown): Promise<unknown> {
  return page.evaluate(async (options) => {
    const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options as never);
    const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
    return credential.toJSON();
  }, options);
}

describe.skipIf(!runBrowserTests)("passkeys in Chromium against the binary", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startBinaryServer((port) => {
        publicUrl = `http://localhost:${port}`;
        return { SERVICE_FITNESS_PUBLIC_URL: publicUrl };
      }),
      launchBrowser(),
    ]);
    page = await (await browser.newContext()).newPage();
    await page.goto(`${publicUrl}/api/health`);
    devtools = await page.context().newCDPSession(page);
    await devtools.send("WebAuthn.enable");
    ({ authenticatorId } = await devtools.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    }));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("registers a passkey, lists and renames it", async () => {
    const signUp = await call("POST", "/api/auth/sign-up/email", {
      email,
      password: "correct horse battery",
      name: "Passkey User",
    });
    expect(signUp.status).toBe(200);
    const start = await call("POST", "/api/auth/passkey/generate-register-options");
    expect(start.status).toBe(200);
    expect((start.body.options as { rp: { id: string } }).rp.id).toBe("localhost");
    const response = await createCredential(start.body.options);
    const body = { challengeId: start.body.challengeId, response, name: "Laptop" };
    const stored = await call("POST", "/api/auth/passkey/verify-registration", body);
    expect(stored.status).toBe(200);
    expect(stored.body.name).toBe("Laptop");
    // The challenge was used up: the same answer again is refused.
    expect((await call("POST", "/api/auth/passkey/verify-registration", body)).status).toBe(400);

    const renamed = await call("POST", "/api/auth/passkey/update-passkey", {
      id: stored.body.id,
      name: "Work laptop",
    });
    expect(renamed.body.name).toBe("Work laptop");
    const list = await call("GET", "/api/auth/passkey/list-user-passkeys");
    expect((list.body as unknown as { name: string }[]).map((k) => k.name)).toEqual([
      "Work laptop",
    ]);
  });

  test("signs in with the passkey alone; a replayed assertion is refused", async () => {
    await call("POST", "/api/auth/sign-out");
    expect((await call("GET", "/api/auth/get-session")).body).toBeNull();
    const start = await call("POST", "/api/auth/passkey/generate-authenticate-options");
    const response = await getAssertion(start.body.options);
    const body = { challengeId: start.body.challengeId, response };
    const signedIn = await call("POST", "/api/auth/passkey/verify-authentication", body);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body.user as { email: string }).email).toBe(email);
    const session = await call("GET", "/api/auth/get-session");
    expect((session.body.user as { email: string }).email).toBe(email);

    await call("POST", "/api/auth/sign-out");
    const replayed = await call("POST", "/api/auth/passkey/verify-authentication", body);
    expect(replayed.status).toBe(401);
    expect((await call("GET", "/api/auth/get-session")).body).toBeNull();
  });

  test("the phone app's web-login routes: sign in, delete, register with a ticket", async () => {
    const start = await call("GET", "/api/auth/web-login/passkey");
    const response = await getAssertion(start.body.options);
    const signedIn = await call("POST", "/api/auth/web-login/passkey", {
      challengeId: start.body.challengeId,
      response,
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    // The app keeps the token, not the cookie (which names the same session).
    await page.context().clearCookies();

    // The app holds only its bearer token from here on.
    const keys = await call("GET", "/api/auth/passkey/list-user-passkeys", undefined, token);
    const [key] = keys.body as unknown as { id: string }[];
    const deleted = await call("POST", "/api/auth/passkey/delete-passkey", { id: key!.id }, token);
    expect(deleted.status).toBe(200);
    // The authenticator forgets it too, so the next sign-in cannot pick the deleted key.
    await devtools.send("WebAuthn.clearCredentials", { authenticatorId });

    const ticket = await call("POST", "/api/auth/web-login/register-ticket", {}, token);
    expect(ticket.status).toBe(200);
    const path = `/api/auth/web-login/register-passkey?ticket=${ticket.body.ticket}`;
    const options = await call("GET", path);
    expect(options.status).toBe(200);
    expect((await call("GET", path)).status).toBe(401);
    const created = await createCredential(options.body.options);
    const stored = await call("POST", "/api/auth/web-login/register-passkey", {
      challengeId: options.body.challengeId,
      response: created,
      name: "Phone",
    });
    expect(stored.status).toBe(200);

    const again = await call("GET", "/api/auth/web-login/passkey");
    const assertion = await getAssertion(again.body.options);
    const second = await call("POST", "/api/auth/web-login/passkey", {
      challengeId: again.body.challengeId,
      response: assertion,
    });
    expect(second.status).toBe(200);
  });
});
