import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakePushService, type FakePushService } from "../fakes/push-service.ts";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { usesExternalDatabase } from "../helpers/test-database.ts";

let ctx: TestContext;
let push: FakePushService;
let smtp: FakeSmtp;
let env: Record<string, string>;
beforeAll(async () => {
  push = await startFakePushService();
  smtp = await startFakeSmtp();
  env = { ...smtp.env, SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1" };
  ctx = await createTestContext(env);
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx.close();
  await push.close();
  await smtp.close();
});

/** The test database's URL, for processes of their own. */
function databaseUrl(): string {
  const o = ctx.db.owner.options as unknown as {
    host: string[];
    port: number[];
    database: string;
    user: string;
    pass: string | null;
  };
  const auth = o.pass ? `${o.user}:${encodeURIComponent(o.pass)}` : o.user;
  return `postgres://${auth}@${o.host[0]}:${o.port[0]}/${o.database}`;
}

test.skipIf(!usesExternalDatabase)(
  "two server processes on one database send each reminder once per channel",
  async () => {
    const people = [];
    for (let i = 0; i < 6; i++) {
      const user = await ctx.createUser();
      const browser = push.subscribe();
      for (const [path, method, body] of [
        ["/api/push/subscriptions", "POST", browser.json],
        [
          "/api/user-preferences",
          "PUT",
          {
            timezone: "UTC",
            meal_reminder_time: "00:00",
            weigh_in_reminder_time: "00:00",
            reminder_email: true,
          },
        ],
      ] as const) {
        expect(
          (await ctx.request(path, jsonRequest(method, user.token, body))).status,
        ).toBeLessThan(300);
      }
      people.push({ user, browser });
    }
    // Two real servers on the database, each with its reminder scheduler looking every second.
    const servers = [0, 1].map(() =>
      Bun.spawn(["node_modules/.bin/bun", "src/main.ts", "serve"], {
        env: {
          PATH: process.env.PATH ?? "",
          ...env,
          SERVICE_FITNESS_DATABASE_URL: databaseUrl(),
          SERVICE_FITNESS_API_ENCRYPTION_KEY: ctx.config.apiEncryptionKey,
          BETTER_AUTH_SECRET: ctx.config.authSecret,
          SERVICE_FITNESS_DATA_DIR: ctx.config.dataDir,
          SERVICE_FITNESS_SERVER_HOST: "127.0.0.1",
          SERVICE_FITNESS_SERVER_PORT: "0",
          SERVICE_FITNESS_SYNC_SCHEDULER: "false",
          SERVICE_FITNESS_REMINDER_POLL_SECONDS: "1",
          SERVICE_FITNESS_LOG_LEVEL: "error",
        },
        stdout: "ignore",
        stderr: "pipe",
      }),
    );
    // 6 people × 2 reminders × 2 channels; then several more rounds of both servers.
    try {
      for (let i = 0; i < 600 && push.received.length + smtp.mails.length < 24; i++) {
        await Bun.sleep(100);
      }
      await Bun.sleep(4000);
    } finally {
      for (const server of servers) server.kill("SIGTERM");
    }
    for (const server of servers) {
      expect(await server.exited).toBe(0);
      expect(await new Response(server.stderr).text()).toBe("");
    }
    const [rounds] = await ctx.db.owner<{ sent: number; attempts: number }[]>`
      select count(*)::int as sent, sum(attempts)::int as attempts
        from reminder_deliveries where sent_at is not null`;
    expect(rounds).toEqual({ sent: 24, attempts: 24 });
    for (const { user, browser } of people) {
      const pushed = push.received.filter((r) => r.subscriptionId === browser.id);
      expect(pushed.map((r) => r.message.title).sort()).toEqual([
        "Log today's meals",
        "Time to weigh in",
      ]);
      // Both processes signed with the one key pair kept in the data directory.
      expect(new Set(pushed.map((r) => r.vapidKey))).toEqual(new Set([ctx.config.push.publicKey]));
      expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(2);
    }
    expect(push.refused).toEqual([]);
  },
);
