import { jsonRequest, type TestContext, type TestUser } from "../helpers/test-app.ts";

/** A JSON call as `user`, answering the status and the parsed body (null when empty). */
export async function call(
  ctx: TestContext,
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await ctx.request(path, jsonRequest(method, user.token, body));
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Sets the user's profile time zone, as the profile screen would. */
export async function setZone(ctx: TestContext, userId: string, zone: string) {
  await ctx.db.owner`
    insert into user_profiles (user_id, timezone) values (${userId}, ${zone})
    on conflict (user_id) do update set timezone = excluded.timezone`;
}
