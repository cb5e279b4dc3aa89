import type { BrowserContext, Page } from "playwright-core";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { startFakeModelServer } from "../fakes/openai-compatible.ts";
import { DEMO_ACCOUNT_ENV, seedDemoAccount } from "./demo-account.ts";
import { seedConversations } from "./demo-chat.ts";
import { seedDemoYear } from "./demo-data.ts";
import { seedDemoPregnancy } from "./demo-pregnancy.ts";
import { seedCycleHistory, seedMedications } from "./demo-health.ts";
import { makeAdmin } from "../helpers/accounts.ts";
import { mapTile } from "./demo-photos.ts";

/** OpenStreetMap's tiles (the default base map), answered here: tests stay off the network. */
export async function serveMapTiles(context: BrowserContext): Promise<void> {
  const tile = Buffer.from(mapTile());
  await context.route("https://tile.openstreetmap.org/**", (route) =>
    route.fulfill({ contentType: "image/png", body: tile }),
  );
}

/** Every signed-in screen, with what shows that its data has arrived. */
export const SCREENS: { name: string; hash: string; ready: string }[] = [
  { name: "dashboard", hash: "/", ready: ".uplot" },
  { name: "diary", hash: "/diary", ready: ".ring" },
  { name: "trackers", hash: "/trackers", ready: ".big-figure" },
  { name: "goals", hash: "/goals", ready: "select[name=rate]" },
  { name: "reports", hash: "/reports/365", ready: ".heatmap" },
  { name: "foods", hash: "/foods", ready: ".hint" },
  {
    name: "meal-templates",
    hash: "/foods/meals",
    ready: ".key-row strong, p.hint:has-text('No templates yet')",
  },
  { name: "assistant", hash: "/assistant/{chat}", ready: ".tool-call" },
  { name: "medications", hash: "/health/medications", ready: "details" },
  { name: "cycle", hash: "/health/cycle", ready: ".stat" },
  { name: "pregnancy", hash: "/health/pregnancy", ready: ".bump-photos img" },
  { name: "check-ins", hash: "/check-ins", ready: ".gallery img" },
  { name: "exercise", hash: "/exercise", ready: ".set-list" },
  { name: "exercise-presets", hash: "/exercise/presets", ready: ".plans li" },
  { name: "exercise-progress", hash: "/exercise/progress/{bench}", ready: ".records-table" },
  { name: "exercise-import", hash: "/exercise/import", ready: ".drop-zone" },
  { name: "workouts", hash: "/workouts", ready: ".calendar .has-workout" },
  { name: "workout", hash: "/workouts/{workout}", ready: ".track-map path.leaflet-interactive" },
  { name: "more", hash: "/more", ready: ".menu-list a" },
  { name: "settings-list", hash: "/settings", ready: "input[name=name], .menu-list a" },
  { name: "onboarding", hash: "/welcome", ready: "select[name=timezone]" },
  { name: "settings-profile", hash: "/settings/profile", ready: "input[name=name]" },
  { name: "settings-password", hash: "/settings/password", ready: "input[name=currentPassword]" },
  { name: "settings-two-factor", hash: "/settings/two-factor", ready: "input[name=password]" },
  { name: "settings-passkeys", hash: "/settings/passkeys", ready: "[aria-label='Your passkeys']" },
  { name: "settings-sessions", hash: "/settings/sessions", ready: ".badge" },
  { name: "settings-api-keys", hash: "/settings/api-keys", ready: ".key-row" },
  { name: "settings-family", hash: "/settings/family", ready: ".key-row" },
  { name: "settings-assistant", hash: "/settings/assistant", ready: ".card p" },
  { name: "settings-food-providers", hash: "/settings/food-providers", ready: ".provider-row" },
  { name: "settings-integrations", hash: "/settings/integrations", ready: "input[name=api_key]" },
  { name: "settings-data", hash: "/settings/data", ready: "input[name=file]" },
  { name: "admin-users", hash: "/admin", ready: "tbody tr" },
  { name: "admin-sign-in", hash: "/admin/sign-in", ready: "input[name=passwordSignIn]" },
  { name: "admin-oidc", hash: "/admin/oidc", ready: "[aria-label=Providers] p" },
  // The import form (a job needs another server's database, which the demo has not).
  { name: "admin-import", hash: "/admin/import", ready: "input[name=source_url]" },
];

/**
 * The demo person's zone. Browsers showing the demo run in it too: the seed's "today" is
 * the day in this zone, and a browser elsewhere (east of it in the evening) would otherwise
 * open the next day, whose diary is empty.
 */
export const DEMO_TIME_ZONE = "UTC";

export type DemoServer = {
  url: string;
  token: string;
  /** The id of today's seeded workout (for the workout screen's address). */
  workoutId: string;
  /** The id of the seeded bench press (for the exercise progress screen's address). */
  benchId: string;
  /** The id of the latest seeded conversation (for the assistant's address). */
  chatId: string;
  stop(): Promise<void>;
};

/** What a seeding step gets: the server, the signed-in person and the database. */
export type SeedTarget = {
  url: string;
  token: string;
  userId: string;
  today: string;
  ctx: TestContext;
};

/** A year of data, medications, and a pregnancy after regular cycles, as `make screenshots` shows them. */
async function seedDemo({ url, token, today }: SeedTarget): Promise<void> {
  await seedDemoYear(url, token, today);
  await seedMedications(url, token, today);
  await seedCycleHistory(url, token, await seedDemoPregnancy(url, token));
}

/**
 * The app from source on a real socket for an administrator who shares data with a family
 * member, seeded by `seed` (by default a year and a pregnancy): every screen has something
 * to show. The seed must include a workout today.
 */
export async function startDemoServer(
  seed: (target: SeedTarget) => Promise<void> = seedDemo,
): Promise<DemoServer> {
  // The built-in Open Food Facts is listed (never searched here) next to a USDA row.
  const ctx: TestContext = await createTestContext({
    SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT: "true",
    ...DEMO_ACCOUNT_ENV,
  });
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, s) => ctx.app.fetch(req, s),
  });
  const url = `http://127.0.0.1:${server.port}`;
  const today = new Date().toLocaleDateString("en-CA", { timeZone: DEMO_TIME_ZONE });
  const user = await ctx.createUser("Alex Example");
  const friend = await ctx.createUser("Sam Example");
  await makeAdmin(ctx, user.id);
  await ctx.db.owner`
    insert into family_access (owner_user_id, delegate_user_id, can_manage_checkin, can_view_reports)
    values (${user.id}, ${friend.id}, true, true)`;
  const json = { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" };
  const profile = await ctx.request("/api/identity/profiles", {
    method: "PUT",
    headers: json,
    body: JSON.stringify({
      timezone: DEMO_TIME_ZONE,
      height: 178,
      sex: "female",
      date_of_birth: "1990-04-12",
    }),
  });
  if (!profile.ok) throw new Error(`profile: ${await profile.text()}`);
  // A local stand-in for the assistant's model, which answers the seeded conversations.
  const model = startFakeModelServer();
  const settings = await ctx.request("/api/admin/chat/settings", {
    method: "PUT",
    headers: json,
    body: JSON.stringify({
      provider: "openai-compatible",
      base_url: model.baseUrl,
      model: "llama3.1:8b",
      allow_private_network: true,
    }),
  });
  if (!settings.ok) throw new Error(`assistant model: ${await settings.text()}`);
  const provider = await ctx.request("/api/external-providers", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ provider_name: "USDA", provider_type: "usda", app_key: "demo-key" }),
  });
  if (!provider.ok) throw new Error(`food provider: ${await provider.text()}`);
  await seedDemoAccount(ctx, user, friend);
  await seed({ url, token: user.token, userId: user.id, today, ctx });
  const chatId = await seedConversations(url, user.token, today, model);
  const workouts = await ctx.request(`/api/exercise-entries/by-date?selectedDate=${today}`, {
    headers: json,
  });
  // Today's run, not the bench press session logged the same day.
  const workout = (
    (await workouts.json()) as { id: string; exercise_preset_entry_id: string | null }[]
  ).find((w) => !w.exercise_preset_entry_id);
  const found = await ctx.request("/api/exercises/search?searchTerm=barbell%20bench%20press", {
    headers: json,
  });
  const [bench] = (await found.json()) as { id: string }[];
  return {
    url,
    token: user.token,
    workoutId: workout!.id,
    benchId: bench!.id,
    chatId,
    async stop() {
      server.stop(true);
      model.stop();
      await ctx.close();
    },
  };
}

/** A browser context signed in as the demo user. */
export async function signedInPage(context: BrowserContext, demo: DemoServer): Promise<Page> {
  await serveMapTiles(context);
  await context.addCookies([{ name: "fitness_session", value: demo.token, url: demo.url }]);
  const page = await context.newPage();
  await page.goto(`${demo.url}/#/settings/password`);
  await page.locator("input[name=currentPassword]").waitFor();
  return page;
}

/** A screen's address with the seeded workout's and bench press's ids filled in. */
export function screenHash(demo: DemoServer, screen: (typeof SCREENS)[number]): string {
  return screen.hash
    .replace("{workout}", demo.workoutId)
    .replace("{bench}", demo.benchId)
    .replace("{chat}", demo.chatId);
}

/**
 * Opens a screen within the app, from one without data so every measurement starts alike,
 * and returns the milliseconds until its data shows.
 */
export async function showScreen(page: Page, demo: DemoServer, screen: (typeof SCREENS)[number]) {
  await page.evaluate(() => (location.hash = "#/settings/password"));
  await page.locator("input[name=currentPassword]").waitFor();
  const started = Date.now();
  await page.evaluate((h) => (location.hash = `#${h}`), screenHash(demo, screen));
  await page.locator(screen.ready).first().waitFor();
  const ms = Date.now() - started;
  await page.waitForLoadState("networkidle");
  return ms;
}
