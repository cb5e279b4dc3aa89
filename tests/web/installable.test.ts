import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";

// Installable on Android and iOS home screens: a manifest with PNG icons of 192 and 512 px
// and a maskable one, an apple-touch-icon, and a service worker (Chromium's own checks).
let server: AppServer;
let browser: Browser;

/** The width and height a PNG's header declares. */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect([...bytes.slice(1, 4)]).toEqual([80, 78, 71]); // "PNG"
  return [view.getUint32(16), view.getUint32(20)];
}

describe.skipIf(!runBrowserTests)("installing the web client as an app", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("the manifest names PNG icons of 192 and 512 px and a maskable one, all served", async () => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ start_url: "/", display: "standalone" });
    const icons = manifest.icons as {
      src: string;
      sizes: string;
      type: string;
      purpose?: string;
    }[];
    const png = icons.filter((i) => i.type === "image/png");
    expect(png.map((i) => `${i.sizes} ${i.purpose ?? "any"}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of png) {
      const response = await fetch(`${server.url}${icon.src}`);
      expect(response.headers.get("content-type")).toBe("image/png");
      const side = Number(icon.sizes.split("x")[0]);
      expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual([side, side]);
    }
  });

  test("the page links an apple-touch-icon, and Chromium finds nothing stopping an install", async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const icon = await fetch(`${server.url}${touchIcon}`);
    expect(pngSize(new Uint8Array(await icon.arrayBuffer()))).toEqual([180, 180]);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // The test's browser context is an incognito one, where Chromium installs nothing.
    const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito");
    expect(errors).toEqual([]);
    await page.close();
  });
});
