import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakePushService, type FakePushService } from "../fakes/push-service.ts";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { run } from "../helpers/processes.ts";
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
  "two server processes on one database send each reminder once per channel between them",
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
    const workerEnv = {
      ...env,
      SERVICE_FITNESS_DATABASE_URL: databaseUrl(),
      SERVICE_FITNESS_API_ENCRYPTION_KEY: ctx.config.apiEncryptionKey,
      BETTER_AUTH_SECRET: ctx.config.authSecret,
      SERVICE_FITNESS_DATA_DIR: ctx.config.dataDir,
    };
    const worker = ["node_modules/.bin/bun", "tests/reminders/reminder-worker.ts"];
    const results = await Promise.all([run(worker, workerEnv), run(worker, workerEnv)]);
    const sent = results.map((r) => {
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      return (JSON.parse(r.stdout.trim().split("\n").at(-1)!) as { sent: number }).sent;
    });
    // 6 people × 2 reminders × 2 channels, split between the processes however it fell.
    expect(sent[0]! + sent[1]!).toBe(24);
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
