import type { TestContext, TestUser } from "../helpers/test-app.ts";

/** How the phone app authenticates: the session token of a sign-in, or a pasted API key. */
export const CREDENTIALS = ["session token", "API key"] as const;
export type Credential = (typeof CREDENTIALS)[number];

/** A user and the bearer the app would hold for them with this credential. */
export async function appUser(ctx: TestContext, credential: Credential) {
  const user = await ctx.createUser();
  const bearer = credential === "API key" ? await ctx.createApiKey(user.id) : user.token;
  return { ...user, bearer } as TestUser & { bearer: string };
}

/**
 * A call as the app makes it: Bearer auth, JSON bodies, and `_=<ms>` on every GET (its
 * fetch adds one to bust caches). Answers the status and the parsed body.
 */
export async function appCall(
  ctx: TestContext,
  bearer: string,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const url = method === "GET" ? `${path}${path.includes("?") ? "&" : "?"}_=${Date.now()}` : path;
  const headers: Record<string, string> = { Authorization: `Bearer ${bearer}`, ...extraHeaders };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await ctx.request(url, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
