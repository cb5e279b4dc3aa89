import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { JPEG } from "../helpers/image-fixtures.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let browser: Browser;
let user: ScreenSession;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!runBrowserTests)("the pregnancy tab", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { width: 390, colorScheme: "dark" });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("starts from the last period: due date 280 days on, week 10 + 3", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/health/pregnancy`);
    await page.getByLabel("First day of last period").fill(day(-73));
    await page.getByRole("button", { name: "Start tracking" }).click();
    await page.locator(".stat", { hasText: "Week" }).getByText("10 + 3").waitFor();
    const current = await user.call("GET", "/api/v2/pregnancy/current");
    expect(current).toMatchObject({
      due_date: day(207),
      due_date_basis: "lmp",
      lmp_date: day(-73),
    });
    expect(await user.violations()).toEqual([]);
  });

  test("records a kick counting session of three kicks", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "Start counting" }).click();
    for (let i = 0; i < 3; i++)
      await page.getByRole("button", { name: "Kick", exact: true }).click();
    await page.getByText("3 kicks", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Finish session" }).click();
    await page.locator(".kick-sessions li", { hasText: "3 kicks" }).waitFor();
    const { id } = await user.call("GET", "/api/v2/pregnancy/current");
    const kicks = await user.call("GET", `/api/v2/pregnancy/kicks?pregnancy_id=${id}`);
    expect(kicks).toHaveLength(1);
    expect(kicks[0].kick_count).toBe(3);
    expect(kicks[0].kick_times).toHaveLength(3);
    expect(kicks[0].ended_at).not.toBeNull();
  });

  test("times a contraction from start to stop", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "Start contraction" }).click();
    await page.getByRole("button", { name: /Stop contraction/ }).click();
    await page.getByRole("button", { name: "Start contraction" }).waitFor();
    const { contractions } = await user.call("GET", "/api/v2/pregnancy/contractions");
    expect(contractions).toHaveLength(1);
    expect(contractions[0].ended_at).not.toBeNull();
    expect(contractions[0].duration_seconds).toBeGreaterThanOrEqual(0);
    const row = page.getByRole("region", { name: "Contractions" }).locator("tbody tr");
    expect(await row.count()).toBe(1);
    expect(await row.locator("td").first().textContent()).not.toBe("running");
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });

  test("keeps a checklist, an appointment and a bump photo", async () => {
    const { page } = user;
    await page.getByLabel("To do").fill("Pack the hospital bag");
    await page.getByRole("button", { name: "Add to checklist" }).click();
    await page.getByRole("checkbox", { name: /Pack the hospital bag/ }).check();
    await page.locator(".stat", { hasText: "Checklist" }).getByText("1 / 1").waitFor();
    await page.getByLabel("Appointment", { exact: true }).fill("Midwife");
    await page.getByLabel("When").fill(`${day(5)}T10:30`);
    await page.getByRole("button", { name: "Add appointment" }).click();
    await page.locator(".stat", { hasText: "Next appointment" }).getByText("Midwife").waitFor();
    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "bump.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(JPEG),
    });
    await page.getByRole("button", { name: "Upload photo" }).click();
    await page.getByRole("img", { name: /Bump photo, week 10/ }).waitFor();
    const { id } = await user.call("GET", "/api/v2/pregnancy/current");
    const photos = await user.call("GET", `/api/v2/pregnancy/photos?pregnancy_id=${id}`);
    expect(photos).toHaveLength(1);
    const loaded = await page
      .getByRole("img", { name: /Bump photo/ })
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(loaded).toBeGreaterThan(0);
    expect(user.errors).toEqual([]);
  });

  test("pauses the cycle's predictions while pregnant, and shows the cycles before", async () => {
    const { page } = user;
    await user.call("POST", "/api/v2/cycle/cycles", { start_date: day(-101), end_date: day(-97) });
    await user.call("POST", "/api/v2/cycle/cycles", { start_date: day(-73), end_date: day(-69) });
    await page.getByRole("link", { name: "Cycle" }).click();
    await page.getByText("You are tracking a pregnancy (week 10)").waitFor();
    await page.locator(".stat", { hasText: "Last period" }).getByText(day(-73)).waitFor();
    await page.locator(".stat", { hasText: "Average cycle" }).getByText("28 days").waitFor();
    // Seventy days after a period, no "days late" and no fertile window.
    expect(await page.getByText(/days late/).count()).toBe(0);
    expect(await page.locator(".stat", { hasText: "Fertile window" }).count()).toBe(0);
    expect(await user.violations()).toEqual([]);
  });

  test("acting for the owner, a family member sees that pregnancy is private", async () => {
    const delegate = await openAsNewUser(browser, server.url);
    await user.call("POST", "/api/identity/family-access", {
      delegate_email: delegate.email,
      can_manage_checkin: true,
      can_view_reports: true,
    });
    const { page } = delegate;
    await page.goto(`${server.url}/#/health/pregnancy`);
    // Their own (empty) tab has loaded before they switch: no request of it is in flight.
    await page.getByRole("heading", { name: "Track a pregnancy" }).waitFor();
    await page.getByLabel("Data of").selectOption({ label: "Screen Tester" });
    await page.getByText("You are viewing and editing the data of").waitFor();
    await page.getByText("Pregnancy tracking is private: only Screen Tester can see it.").waitFor();
    expect(await page.getByRole("button", { name: "Start counting" }).count()).toBe(0);
    expect(delegate.errors).toEqual([]);
  });
});
