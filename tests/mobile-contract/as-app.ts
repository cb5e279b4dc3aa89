import type { TestContext, TestUser } from "../helpers/test-app.ts";

/** The two ways the app authenticates every call: a sign-in's session token, a pasted key. */
export const CREDENTIALS = ["session", "API key"] as const;
export type Credential = (typeof CREDENTIALS)[number];

export type AppUser = { user: TestUser; bearer: string };

/**
 * A new account, and the Bearer the app would send for it with that credential: its session
 * token, or an API key with every permission (the key a user pastes into the app).
 */
export async function appUser(ctx: TestContext, credential: Credential): Promise<AppUser> {
  const user = await ctx.createUser();
  const bearer = credential === "session" ? user.token : await ctx.createApiKey(user.id);
  return { user, bearer };
}

/**
 * A call as the app makes it: Bearer auth, `_=<ms>` on every GET (its cache buster), JSON
 * or multipart body, and the headers some calls add (`x-provider-id`). Answers the status and the parsed body (null when empty).
 */
export async function appCall(
  ctx: TestContext,
  as: AppUser,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const url = method === "GET" ? `${path}${path.includes("?") ? "&" : "?"}_=${Date.now()}` : path;
  const headers: Record<string, string> = { Authorization: `Bearer ${as.bearer}`, ...extraHeaders };
  if (body !== undefined && !(body instanceof FormData))
    headers["Content-Type"] = "application/json";
  const res = await ctx.request(url, {
    method,
    headers,
    body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}
