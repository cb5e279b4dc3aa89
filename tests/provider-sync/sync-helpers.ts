import { expect } from "bun:test";
import { createLogger } from "../../src/logger.ts";
import { runDueSyncJobs } from "../../src/provider-sync/scheduler.ts";
import { jsonRequest, type TestContext, type TestUser } from "../helpers/test-app.ts";

/** Runs every due sync job once, as the server's scheduler would. */
export function runJobs(ctx: TestContext, worker = "test-worker") {
  return runDueSyncJobs({ config: ctx.config, db: ctx.db, logger: createLogger("silent") }, worker);
}

/** Makes the user's jobs due now (the scheduler would wait for the next hour). */
export async function makeDue(ctx: TestContext, userId: string) {
  await ctx.db.owner`update provider_sync_jobs set run_at = now() where user_id = ${userId}`;
}

export async function jobOf(ctx: TestContext, userId: string) {
  const [job] = await ctx.db.owner<
    { run_at: Date; failures: number; lease_until: Date | null }[]
  >`select run_at, failures, lease_until from provider_sync_jobs where user_id = ${userId}`;
  return job ?? null;
}

export async function connectionOf(ctx: TestContext, userId: string, provider: string) {
  const [row] = await ctx.db.owner<
    {
      status: string;
      access_token_sealed: Uint8Array | null;
      refresh_token_sealed: Uint8Array | null;
      last_error: string | null;
      sync_cursor: Record<string, unknown>;
    }[]
  >`select status, access_token_sealed, refresh_token_sealed, last_error, sync_cursor
      from provider_connections where user_id = ${userId} and provider = ${provider}`;
  return row ?? null;
}

/** The browser round trip: authorize, the service approves, the web client posts the callback. */
export async function connectOAuth(
  ctx: TestContext,
  user: TestUser,
  provider: string,
  approve: (authUrl: URL) => string,
) {
  const started = await ctx.request(
    `/api/integrations/${provider}/authorize?redirect_uri=${encodeURIComponent("https://fitness.example/cb")}`,
    jsonRequest("GET", user.token),
  );
  expect(started.status).toBe(200);
  const { authUrl, state } = (await started.json()) as { authUrl: string; state: string };
  const res = await ctx.request(
    `/api/integrations/${provider}/callback`,
    jsonRequest("POST", user.token, { code: approve(new URL(authUrl)), state }),
  );
  expect(res.status).toBe(200);
  return { authUrl: new URL(authUrl), connection: await res.json() };
}

export async function workoutsOf(ctx: TestContext, userId: string, source: string) {
  return ctx.db.owner<
    {
      id: string;
      source_id: string;
      title: string | null;
      distance: number | null;
      entry_date: string;
    }[]
  >`select id, source_id, title, distance, entry_date from exercise_entries
     where user_id = ${userId} and source = ${source} order by start_time`;
}
