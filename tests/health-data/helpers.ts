import type { TestContext } from "../helpers/test-app.ts";

export type IngestBody = {
  message: string;
  processed: { type: string; status: string; data: Record<string, unknown> }[];
  errors: { error: string; entry: Record<string, unknown> }[];
  skipped: { reason: string; entry: Record<string, unknown> }[];
};

/** POSTs a body (serialized unless already a string) to /api/health-data with an API key. */
export function postHealthData(
  ctx: TestContext,
  key: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const all: Record<string, string> = { "Content-Type": "application/json", ...headers };
  if (key) all.Authorization = `Bearer ${key}`;
  return ctx.request("/api/health-data", {
    method: "POST",
    headers: all,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** POSTs and expects a 200, returning the parsed answer. */
export async function ingest(ctx: TestContext, key: string, body: unknown): Promise<IngestBody> {
  const res = await postHealthData(ctx, key, body);
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as IngestBody;
}

/** A user with a health_data_write key and a session token for reading back. */
export async function createSyncUser(ctx: TestContext, timezone?: string) {
  const user = await ctx.createUser();
  const key = await ctx.createApiKey(user.id, ["health_data_write"]);
  if (timezone) {
    await ctx.db.owner`
      insert into user_profiles (user_id, timezone) values (${user.id}, ${timezone})
      on conflict (user_id) do update set timezone = excluded.timezone`;
  }
  return { ...user, key };
}

export async function getJson<T = unknown>(ctx: TestContext, path: string, token: string) {
  const res = await ctx.request(path, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}
