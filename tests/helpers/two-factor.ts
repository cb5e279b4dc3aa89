import { TOTP, URI } from "otpauth";
import type { TestContext } from "./test-app.ts";
import { jsonRequest } from "./test-app.ts";
import { uniqueIp } from "./accounts.ts";

/** A POST with a JSON body from a fresh address, optionally with cookies and a bearer token. */
export function post(
  ctx: TestContext,
  path: string,
  body: unknown,
  opts: { cookie?: string; token?: string; ip?: string } = {},
): Promise<Response> {
  const init = jsonRequest("POST", opts.token ?? null, body);
  const headers = init.headers as Record<string, string>;
  headers["X-Forwarded-For"] = opts.ip ?? uniqueIp();
  if (opts.cookie) headers.Cookie = opts.cookie;
  return ctx.request(path, init);
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

/** The current code (or the one `offsetSteps` periods away) for an otpauth:// URI. */
export function totpCode(uri: string, offsetSteps = 0): string {
  const totp = URI.parse(uri) as TOTP;
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Signs in with the password; returns the response and the pending-sign-in cookie. */
export async function passwordSignIn(ctx: TestContext, user: { email: string; password: string }) {
  const response = await post(ctx, "/api/auth/sign-in/email", {
    email: user.email,
    password: user.password,
  });
  return {
    response,
    body: (await response.json()) as Record<string, unknown>,
    cookie: cookiesOf(response),
  };
}

/** Enables and confirms TOTP for a signed-in user; returns the URI and the backup codes. */
export async function enableTotp(ctx: TestContext, user: { token: string; password: string }) {
  const started = await post(
    ctx,
    "/api/auth/two-factor/enable",
    { password: user.password },
    { token: user.token },
  );
  const setUp = (await started.json()) as { totpURI: string; backupCodes: string[] };
  const confirmed = await post(
    ctx,
    "/api/auth/two-factor/verify-totp",
    { code: totpCode(setUp.totpURI) },
    { token: user.token },
  );
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${await confirmed.text()}`);
  return setUp;
}
