import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests, watchErrors } from "./browser.ts";
import { catalogue, leftoversShown, visitAll } from "./language-check.ts";
import { seedProgressPhotos } from "./demo-data.ts";
import { dayBefore, postHealthData, runRecord, signUpOverApi } from "./seed.ts";

const today = new Date().toISOString().slice(0, 10);
type Account = Awaited<ReturnType<typeof signUpOverApi>>;
type Seeded = { bench: string; run: string };

/**
 * A week of check-ins with front and side photos of today and a month ago, a strength preset
 * started today with a weekly plan of it, a cardio entry and a synced run with its GPS track,
 * heart rate, cadence and altitude.
 */
async function seed(url: string, account: Account): Promise<Seeded> {
  const find = async (term: string) =>
    (
      (await account.call("GET", `/api/exercises/search?searchTerm=${term}`)) as { id: string }[]
    )[0]!.id;
  const [bench, running] = [await find("Barbell%20Bench%20Press"), await find("Running")];
  for (const [i, weight] of [80, 79.4, 79].entries())
    await account.call("POST", "/api/measurements/check-in", {
      entry_date: dayBefore(today, 6 - i * 3),
      weight,
      waist: 90,
    });
  const preset = await account.call("POST", "/api/workout-presets", {
    name: "Upper A",
    exercises: [
      {
        exercise_id: bench,
        sets: [
          { set_type: "warmup", reps: 10, weight: 40 },
          { reps: 5, weight: 80 },
          { set_type: "failure", reps: 3, weight: 80 },
        ],
      },
    ],
  });
  await account.call("POST", `/api/workout-presets/${preset.id}/start`, { entry_date: today });
  await account.call("POST", "/api/workout-plan-templates", {
    plan_name: "Winter block",
    start_date: today,
    assignments: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day_of_week: day,
      workout_preset_id: preset.id,
    })),
  });
  await account.call("POST", "/api/exercise-entries", {
    exercise_id: running,
    entry_date: today,
    duration_minutes: 30,
    distance: 5,
    avg_heart_rate: 140,
  });
  // Synced from a watch's app: its name is data, shown as it is ("Health Connect", the seed's
  // default, would read as the English label "Health" to the leftover check).
  await postHealthData(url, account.token, [
    { ...runRecord(`${today}T06:00:00.000Z`), source: "Garmin Connect" },
  ]);
  await seedProgressPhotos(url, account.token, today);
  const items = (await account.call(
    "GET",
    `/api/v2/exercise-entries/by-date?selectedDate=${today}`,
  )) as { id: string; title?: string }[];
  return { bench, run: items.find((item) => item.title === "Morning run")!.id };
}

/** The screens of the check-ins, exercise and workouts folders, each with what shows it drawn. */
const screensOf = ({ bench, run }: Seeded): [string, ...string[]][] => [
  ["/check-ins", ".uplot", ".gallery img", ".compare img"],
  [`/exercise/${today}`, ".exercise-session .records"],
  ["/exercise/presets", ".plans li"],
  [`/exercise/progress/${bench}`, ".records-table"],
  ["/exercise/import", ".file-drop"],
  ["/workouts", ".calendar .has-workout"],
  [`/workouts/${run}`, ".leaflet-control-zoom-in"],
];

/** The day's forms opened up: a cardio entry's edit form, a strength exercise's set table. */
async function openExerciseForms(page: Page, locale: string): Promise<string[]> {
  const messages = catalogue(locale);
  await page.goto(`${page.url().split("#")[0]}#/exercise/${today}`);
  await page.locator(".exercise-entry").first().waitFor();
  await page
    .getByRole("combobox", { name: messages["exercise.addExercise"] })
    .fill("Barbell Bench Press");
  await page.getByRole("option").first().click();
  await page.locator(".set-table tbody tr").first().waitFor();
  // A single entry of the day (not one of a session): its edit form is the cardio form.
  await page
    .locator(".exercise-day > .list > .exercise-entry")
    .first()
    .locator("button")
    .first()
    .click();
  await page.locator(".cardio-fields").first().waitFor();
  return leftoversShown(page, locale, "/exercise forms");
}

/** Adding to a meal by barcode, then a built-in food's servings. */
async function openFoodPickers(page: Page, locale: string): Promise<string[]> {
  const messages = catalogue(locale);
  await page.goto(`${page.url().split("#")[0]}#/diary`);
  await page.locator(".card.meal .actions button[aria-expanded]").first().click();
  const ways = page.getByRole("group", { name: messages["add.ways"] });
  await ways.getByRole("button", { name: messages["add.barcode"], exact: true }).click();
  await page.getByLabel(messages["barcode.readPhoto"]!).waitFor();
  const found = await leftoversShown(page, locale, "/diary barcode");
  await ways.getByRole("button", { name: messages["add.search"], exact: true }).click();
  await page.getByRole("combobox", { name: messages["search.label"] }).fill("apple");
  await page
    .getByRole("option", { name: /Apples, raw, with skin/ })
    .first()
    .click();
  await page.locator("form.serving").waitFor();
  return [...found, ...(await leftoversShown(page, locale, "/diary serving"))];
}

describe.skipIf(!runBrowserTests)("check-ins, exercise and workouts in the user's language", () => {
  let server: AppServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // No map tiles: this machine reaches no tile server, and the route draws without them.
    [server, browser] = await Promise.all([
      startAppServer({ SERVICE_FITNESS_MAP_TILE_URL: "off" }),
      launchBrowser(),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  /** A browser whose languages are `browserLocale`, signed in as a new account with data. */
  async function open(browserLocale: string, preference?: string) {
    const account = await signUpOverApi(server.url, "Ada Lovelace");
    await account.call("PUT", "/api/identity/profiles", { timezone: "UTC", height: 170 });
    if (preference) await account.call("PUT", "/api/user-preferences", { language: preference });
    const seeded = await seed(server.url, account);
    const context = await browser.newContext({ locale: browserLocale, timezoneId: "UTC" });
    contexts.push(context);
    await context.addCookies([{ name: "fitness_session", value: account.token, url: server.url }]);
    const page = await context.newPage();
    return { page, errors: watchErrors(page), seeded };
  }

  test("a German browser: every screen, form and picker in German", async () => {
    const { page, errors, seeded } = await open("de-DE");
    expect(await visitAll(page, server.url, "de", screensOf(seeded))).toEqual([]);
    expect(await openExerciseForms(page, "de")).toEqual([]);
    expect(await openFoodPickers(page, "de")).toEqual([]);
    // Plurals, set types and units by the message: the session's records and sets, the
    // cardio entry's minutes and heart rate.
    await page.goto(`${server.url}/#/exercise/${today}`);
    await page.getByText("3 × 80 kg (Bis zum Versagen)").waitFor();
    expect(await page.locator(".exercise-session .records").textContent()).toMatch(
      /^Persönliche Rekorde: .*Höchstes Gewicht, 80 kg/,
    );
    await page.getByText(/30 Min\. · 5 km · 140 S\/min/).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  test("Arabic: right to left, no English label, while charts and the map keep their axes", async () => {
    const { page, errors, seeded } = await open("de-DE", "ar");
    expect(await visitAll(page, server.url, "ar", screensOf(seeded))).toEqual([]);
    expect(await openExerciseForms(page, "ar")).toEqual([]);
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    await page.goto(`${server.url}/#/workouts/${seeded.run}`);
    await page.locator(".uplot").first().waitFor();
    // The page mirrors (the title sits right), the drawings do not: a chart's time and the
    // map's controls read left to right.
    const direction = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => getComputedStyle(e).direction);
    expect(await direction("main")).toBe("rtl");
    expect(await direction(".chart")).toBe("ltr");
    expect(await direction(".track-map")).toBe("ltr");
    const [text, main] = await page.locator("main h1").evaluate((h1) => {
      const range = document.createRange();
      range.selectNodeContents(h1);
      return [range.getBoundingClientRect(), h1.closest("main")!.getBoundingClientRect()].map(
        (box) => ({ left: box.left, right: box.right }),
      );
    });
    expect(main!.right - text!.right).toBeLessThan(48);
    expect(text!.left - main!.left).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  }, 120_000);

  // The preset's one exercise with its three sets, as each language counts them.
  const THREE_SETS: Record<string, string> = {
    fr: "Barbell Bench Press (3 séries)",
    es: "Barbell Bench Press (3 series)",
    "pt-BR": "Barbell Bench Press (3 séries)",
    it: "Barbell Bench Press (3 serie)",
    nl: "Barbell Bench Press (3 sets)",
    // "serie" for 2 to 4; no plural in Japanese.
    pl: "Barbell Bench Press (3 serie)",
    ja: "Barbell Bench Press（3セット）",
  };

  test("every other language, chosen in the account, with its own plurals", async () => {
    for (const [locale, sets] of Object.entries(THREE_SETS)) {
      const { page, errors, seeded } = await open("en-US", locale);
      expect(await visitAll(page, server.url, locale, screensOf(seeded))).toEqual([]);
      expect(await openFoodPickers(page, locale)).toEqual([]);
      await page.goto(`${server.url}/#/exercise/presets`);
      await page.getByText(sets).waitFor();
      expect(errors).toEqual([]);
    }
  }, 300_000);
});
