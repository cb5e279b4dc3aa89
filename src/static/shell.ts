import type { Config } from "../config.ts";
import { PUBLIC_ASSETS } from "./public-assets.ts";

/**
 * The page's Content-Security-Policy: scripts, WebAssembly, styles and data only from this server;
 * images also from the map tile server (OpenStreetMap's unless the admin changed or turned it off).
 */
export function contentSecurityPolicy(config: Pick<Config, "mapTileUrl">): string {
  // `{s}` in a template stands for subdomains; CSP writes that as `*.`.
  const origin = config.mapTileUrl?.match(/^https?:\/\/[^/]+/)?.[0].replace("{s}", "*");
  const tiles = origin ? ` ${origin}` : "";
  return [
    "default-src 'self'",
    // The barcode reader's WebAssembly (served from here) needs compiling; no eval of scripts.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    `img-src 'self' data: blob:${tiles}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const html = new Map<string, Promise<string>>();

/** The app shell with the settings the client reads from `<meta>` (no inline script needed). */
export async function renderShell(
  config: Pick<Config, "mapTileUrl" | "mapTileAttribution">,
): Promise<string> {
  const tiles = config.mapTileUrl ?? "";
  const credit = tiles ? config.mapTileAttribution : "";
  const key = `${tiles}\n${credit}`;
  let page = html.get(key);
  if (!page) {
    page = Bun.file(PUBLIC_ASSETS["/index.html"]!)
      .text()
      .then((text) =>
        text.replace(
          "</head>",
          `<meta name="fitness-map-tiles" content="${escapeAttribute(tiles)}" />` +
            `<meta name="fitness-map-attribution" content="${escapeAttribute(credit)}" /></head>`,
        ),
      );
    html.set(key, page);
  }
  return page;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
