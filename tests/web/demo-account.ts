import { createSession } from "../../src/credentials/sessions.ts";
import type { TestContext, TestUser } from "../helpers/test-app.ts";

/** The browser the demo is looked at in, as the sessions list names the current device. */
const DESKTOP_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const PHONE_CHROME = "Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/140.0 Mobile Safari/537.36";

/** The demo server's environment: Strava and Withings have an app, so they can be connected. */
export const DEMO_ACCOUNT_ENV = {
  SERVICE_FITNESS_STRAVA_CLIENT_ID: "demo-strava-client",
  SERVICE_FITNESS_STRAVA_CLIENT_SECRET: "demo-strava-secret",
  SERVICE_FITNESS_WITHINGS_CLIENT_ID: "demo-withings-client",
  SERVICE_FITNESS_WITHINGS_CLIENT_SECRET: "demo-withings-secret",
};

/**
 * The account side of the demo, as someone who has used it for a while has it: readable
 * emails, a phone signed in days ago, keys for the phone app and an assistant, Strava synced.
 */
export async function seedDemoAccount(
  ctx: TestContext,
  user: TestUser,
  friend: TestUser,
): Promise<void> {
  const sql = ctx.db.owner;
  await sql`
    update users set email = 'alex@example.com', created_at = now() - interval '400 days'
    where id = ${user.id}`;
  await sql`
    update users set email = 'sam@example.com', created_at = now() - interval '230 days'
    where id = ${friend.id}`;
  await sql`
    update sessions set user_agent = ${DESKTOP_CHROME}, ip_address = '192.0.2.10'
    where user_id = ${user.id}`;
  const phone = await createSession(ctx.db, user.id, {
    userAgent: PHONE_CHROME,
    ipAddress: "192.0.2.24",
  });
  await sql`
    update sessions set created_at = now() - interval '3 days 4 hours',
      last_used_at = now() - interval '2 hours'
    where id = ${phone.sessionId}`;
  await ctx.createApiKey(user.id, ["health_data_write", "data_read", "data_write"]);
  await sql`
    update api_keys set name = 'Pixel 9 health sync', created_at = now() - interval '40 days',
      last_used_at = now() - interval '2 hours'
    where user_id = ${user.id}`;
  await ctx.createApiKey(user.id, ["mcp"]);
  await sql`
    update api_keys set name = 'Claude desktop', created_at = now() - interval '6 days'
    where user_id = ${user.id} and permissions = '{mcp}'`;
  await sql`
    insert into provider_connections (user_id, provider, status, external_user_id, last_sync_at)
    values (${user.id}, 'strava', 'connected', '81234567', now() - interval '25 minutes')`;
}
