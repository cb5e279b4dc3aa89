// Renders the app's PNG icons from web/static/icon.svg with Chromium (the browser tests'
// one): 192 and 512 px as drawn, a maskable 512 px one whose mark sits inside the safe
// zone on a full-bleed background, and the 180 px apple-touch-icon (iOS rounds it itself).
// Run after changing the icon: node_modules/.bin/bun scripts/render-icons.ts
import { join } from "node:path";
import { launchBrowser } from "../tests/web/browser.ts";

const STATIC = join(import.meta.dir, "..", "web", "static");
const svg = await Bun.file(join(STATIC, "icon.svg")).text();
// The mark alone (the path), for the full-bleed icons.
const mark = svg.match(/<path[^>]*\/>/)![0];
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0f766e"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g></svg>`;

const ICONS: [file: string, size: number, source: string][] = [
  ["icon-192.png", 192, svg],
  ["icon-512.png", 512, svg],
  // The safe zone is the middle 80% circle: the mark shrinks to fit inside it.
  ["icon-maskable-512.png", 512, fullBleed(0.7)],
  ["apple-touch-icon.png", 180, fullBleed(0.85)],
];

const browser = await launchBrowser();
for (const [file, size, source] of ICONS) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const src = `data:image/svg+xml;base64,${Buffer.from(source).toString("base64")}`;
  await page.setContent(
    `<style>*{margin:0}img{display:block}</style><img src="${src}" width="${size}" height="${size}">`,
  );
  await page.screenshot({ path: join(STATIC, file), omitBackground: true });
  await page.close();
}
await browser.close();
console.log(`icons: ${ICONS.map(([file]) => file).join(", ")}`);
