import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLogger } from "../../src/logger.ts";
import { runDueReminders } from "../../src/reminders/scheduler.ts";
import { startFakePushService, type FakePushService } from "../fakes/push-service.ts";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server.ts";
import { createFood, logEntry } from "../foods/helpers.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import {
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";

let ctx: TestContext;
let push: FakePushService;
let smtp: FakeSmtp;
beforeAll(async () => {
  push = await startFakePushService();
  smtp = await startFakeSmtp();
  ctx = await createTestContext({
    ...smtp.env,
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_PUBLIC_URL: "https://fitness.example.test",
  });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx.close();
  await push.close();
  await smtp.close();
});

async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await ctx.request(path, jsonRequest(method, user.token, body));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const remind = () =>
  runDueReminders({ config: ctx.config, db: ctx.db, logger: createLogger("silent") });
const pushesTo = (browserId: string) =>
  push.received.filter((r) => r.subscriptionId === browserId).map((r) => r.message);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1];

/** A header's MIME encoded words (RFC 2047), as nodemailer writes non-ASCII subjects. */
const decodeWords = (header: string) =>
  header.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
/** A quoted-printable text (soft line breaks joined, =XX bytes decoded as UTF-8). */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

// Times of day that have always come today, in UTC: a test running across midnight UTC
// could see "today" change under it, which the reminders treat as a new day.
const today = () => new Date().toISOString().slice(0, 10);
const hhmm = (offsetMinutes: number) =>
  new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(11, 16);

/** A person with a subscribed browser and reminders at midnight UTC, as the preferences set them. */
async function personWithBrowser(preferences: Record<string, unknown> = {}) {
  const user = await ctx.createUser();
  const browser = push.subscribe();
  await call(user, "POST", "/api/push/subscriptions", browser.json);
  await call(user, "PUT", "/api/user-preferences", {
    timezone: "UTC",
    meal_reminder_time: "00:00",
    weigh_in_reminder_time: "00:00",
    water_reminder_time: "00:00",
    ...preferences,
  });
  return { user, browser };
}

describe("reminders that reach people", () => {
  test("meals, weigh-in and water are pushed and mailed once each; a second round sends nothing", async () => {
    const { user, browser } = await personWithBrowser({ reminder_email: true });
    await call(user, "POST", "/api/v2/measurements/water-intake", {
      entry_date: today(),
      water_ml: 500,
    });
    expect(await remind()).toBeGreaterThanOrEqual(6);
    const titles = pushesTo(browser.id).map((m) => m.title);
    expect(titles.sort()).toEqual(["Drink some water", "Log today's meals", "Time to weigh in"]);
    expect(pushesTo(browser.id).find((m) => m.title === "Drink some water")).toMatchObject({
      body: "500 of 1,920 ml today so far.",
      url: `/#/trackers/${today()}`,
    });
    const mails = mailsTo(user.email);
    expect(mails.map((m) => subjectOf(m.raw)).sort()).toEqual(titles.sort());
    expect(mails.find((m) => subjectOf(m.raw) === "Log today's meals")!.raw).toContain(
      `https://fitness.example.test/#/diary/${today()}`,
    );
    await remind();
    expect(pushesTo(browser.id)).toHaveLength(3);
    expect(mailsTo(user.email)).toHaveLength(3);
    const [rows] = await ctx.db.owner<{ n: number }[]>`
      select count(*)::int as n from reminder_deliveries
       where user_id = ${user.id} and sent_at is not null`;
    expect(rows!.n).toBe(6);
  });

  test("no reminder when the habit was done first: a meal logged, weighed in, water goal reached", async () => {
    const { user, browser } = await personWithBrowser();
    const food = await createFood(ctx, user);
    await logEntry(ctx, user, { food_id: food.id, quantity: 100, entry_date: today() });
    await call(user, "POST", "/api/measurements/check-in", { entry_date: today(), weight: 70 });
    await call(user, "POST", "/api/v2/measurements/water-intake", {
      entry_date: today(),
      water_ml: 2000,
    });
    await remind();
    expect(pushesTo(browser.id)).toEqual([]);
  });

  test("each kind per channel: push only for the kinds listed, email only when reminder_email is on", async () => {
    const { user, browser } = await personWithBrowser({
      reminder_push_kinds: ["weigh_in"],
      reminder_email: false,
    });
    await remind();
    expect(pushesTo(browser.id).map((m) => m.title)).toEqual(["Time to weigh in"]);
    expect(mailsTo(user.email)).toEqual([]);
    await call(user, "PUT", "/api/user-preferences", {
      reminder_email: true,
      reminder_email_kinds: ["meal"],
    });
    await remind();
    expect(mailsTo(user.email).map((m) => subjectOf(m.raw))).toEqual(["Log today's meals"]);
    expect(pushesTo(browser.id)).toHaveLength(1);
  });

  test("a medication dose due and not taken reminds with its dose and a link; a dose taken does not", async () => {
    const { user, browser } = await personWithBrowser({
      meal_reminder_time: null,
      weigh_in_reminder_time: null,
      water_reminder_time: null,
    });
    const medication = await call(user, "POST", "/api/v2/medications", {
      name: "Metformin",
      type_id: "tablet",
      dose_amount: 500,
      dose_unit: "mg",
    });
    const schedule = (time: string) =>
      call(user, "POST", `/api/v2/medications/${medication.id}/schedules`, {
        schedule_type_id: "daily",
        time_of_day: time,
      });
    const missed = await schedule("00:00");
    const taken = await schedule("00:01");
    await schedule(hhmm(90) < hhmm(0) ? "23:59" : hhmm(90)); // later today: not due yet
    await call(user, "POST", "/api/v2/medications/entries", {
      medication_id: medication.id,
      schedule_id: taken.id,
    });
    await remind();
    expect(pushesTo(browser.id)).toEqual([
      {
        title: "Take Metformin",
        body: "500 mg, due at 00:00.",
        url: "/#/health/medications",
        tag: expect.stringContaining(`medication-${missed.id}-`),
      },
    ]);
  });

  test("a fast reaching its end reminds once; a fast ended first does not", async () => {
    const { user, browser } = await personWithBrowser({
      meal_reminder_time: null,
      weigh_in_reminder_time: null,
      water_reminder_time: null,
    });
    const started = new Date(Date.now() - 17 * 3600_000).toISOString();
    await call(user, "POST", "/api/fasting/start", { start_time: started, fasting_type: "16:8" });
    await remind();
    await remind();
    expect(pushesTo(browser.id).map((m) => m.title)).toEqual(["Your fast reached its goal"]);

    const other = await personWithBrowser({
      meal_reminder_time: null,
      weigh_in_reminder_time: null,
      water_reminder_time: null,
    });
    await call(other.user, "POST", "/api/fasting/start", {
      start_time: started,
      fasting_type: "16:8",
    });
    await call(other.user, "POST", "/api/fasting/end", {});
    await remind();
    expect(pushesTo(other.browser.id)).toEqual([]);
  });

  test("quiet hours hold reminders back until they end, in the person's time zone", async () => {
    // Quiet now in Tokyo: from an hour ago to an hour ahead, Tokyo time.
    const tokyo = (offset: number) =>
      new Date(Date.now() + (offset + 9 * 60) * 60_000).toISOString().slice(11, 16);
    const { user, browser } = await personWithBrowser({
      timezone: "Asia/Tokyo",
      quiet_hours_start: tokyo(-60),
      quiet_hours_end: tokyo(60),
    });
    await remind();
    expect(pushesTo(browser.id)).toEqual([]);
    await call(user, "PUT", "/api/user-preferences", {
      quiet_hours_start: tokyo(60),
      quiet_hours_end: tokyo(120),
    });
    await remind();
    expect(pushesTo(browser.id).length).toBeGreaterThan(0);
  });

  test("never for a disabled account", async () => {
    const { user, browser } = await personWithBrowser({ reminder_email: true });
    await ctx.db.owner`update users set disabled = true where id = ${user.id}`;
    await remind();
    expect(pushesTo(browser.id)).toEqual([]);
    expect(mailsTo(user.email)).toEqual([]);
  });

  test("a German account's reminders arrive in German, by push and by email", async () => {
    const { user, browser } = await personWithBrowser({
      language: "de",
      reminder_email: true,
      weigh_in_reminder_time: null,
    });
    await call(user, "POST", "/api/v2/measurements/water-intake", {
      entry_date: today(),
      water_ml: 500,
    });
    await remind();
    const pushed = pushesTo(browser.id);
    expect(pushed.map((m) => m.title).sort()).toEqual([
      "Heutige Mahlzeiten eintragen",
      "Trink etwas Wasser",
    ]);
    // Numbers in German too: a dot groups the thousands.
    expect(pushed.find((m) => m.title === "Trink etwas Wasser")!.body).toBe(
      "Heute bisher 500 von 1.920 ml.",
    );
    const mails = mailsTo(user.email).map((m) => ({
      subject: decodeWords(subjectOf(m.raw)!),
      text: decodeQuotedPrintable(m.raw),
    }));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Heutige Mahlzeiten eintragen",
      "Trink etwas Wasser",
    ]);
    expect(mails.find((m) => m.subject === "Heutige Mahlzeiten eintragen")!.text).toContain(
      "Im heutigen Tagebuch steht noch nichts.",
    );
    // The test notification too; an unknown language falls back to English.
    await call(user, "POST", "/api/push/test");
    expect(pushesTo(browser.id).at(-1)!.title).toBe("Testbenachrichtigung");
    await call(user, "PUT", "/api/user-preferences", { language: "sv" });
    await call(user, "POST", "/api/push/test");
    expect(pushesTo(browser.id).at(-1)!.title).toBe("Test notification");
  });

  test("a delivery claimed by a server that died is sent once its lease runs out, and not before", async () => {
    const { user, browser } = await personWithBrowser({
      meal_reminder_time: null,
      water_reminder_time: null,
    });
    const dueAt = `${today()}T00:00:00Z`;
    await ctx.db.owner`
      insert into reminder_deliveries (user_id, kind, due_at, channel, lease_until)
      values (${user.id}, 'weigh_in', ${dueAt}, 'push', now() + interval '1 minute')`;
    await remind();
    expect(pushesTo(browser.id)).toEqual([]);
    await ctx.db.owner`
      update reminder_deliveries set lease_until = now() - interval '1 second'
       where user_id = ${user.id}`;
    await remind();
    expect(pushesTo(browser.id).map((m) => m.title)).toEqual(["Time to weigh in"]);
    const [row] = await ctx.db.owner<{ attempts: number; sent: boolean }[]>`
      select attempts, sent_at is not null as sent from reminder_deliveries where user_id = ${user.id}`;
    expect(row).toEqual({ attempts: 2, sent: true });
  });
});
