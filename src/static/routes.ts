import { Hono } from "hono";
import { posix } from "node:path";
import type { AppEnv } from "../http/context.ts";
import { openUpload } from "../storage/uploads.ts";
import { PUBLIC_ASSETS } from "./public-assets.ts";
import { contentSecurityPolicy, renderShell } from "./shell.ts";

// Progress photos and bump photos are private: they are read only through their
// authenticated routes, which check the row (and so RLS) before serving the file.
const PRIVATE_SEGMENTS = ["check-in", "pregnancy"];

function isPrivateUpload(relativePath: string): boolean {
  return posix
    .normalize("/" + relativePath)
    .toLowerCase()
    .split("/")
    .some((segment) => PRIVATE_SEGMENTS.includes(segment));
}

export const staticRoutes = new Hono<AppEnv>();

for (const mount of ["/uploads", "/api/uploads"]) {
  staticRoutes.get(`${mount}/*`, async (c) => {
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(c.req.url).pathname.slice(mount.length + 1));
    } catch {
      return c.json({ error: "Not found." }, 404);
    }
    if (isPrivateUpload(relative)) return c.json({ error: "Not found." }, 404);
    const file = await openUpload(c.var.config.uploadsDir, relative);
    if (!file) return c.json({ error: "Not found." }, 404);
    return new Response(file, {
      headers: { "Content-Type": file.type, "X-Content-Type-Options": "nosniff" },
    });
  });
}

// The shell also answers where fitness services send the browser back after OAuth.
for (const path of ["/", "/index.html", "/integrations/:provider/callback"]) {
  staticRoutes.get(path, async (c) => {
    c.header("Content-Security-Policy", contentSecurityPolicy(c.var.config));
    // The shell names the current build's hashed files, so it must never be cached stale.
    c.header("Cache-Control", "no-cache");
    return c.html(await renderShell(c.var.config));
  });
}

staticRoutes.get("*", async (c, next) => {
  const asset = PUBLIC_ASSETS[c.req.path];
  if (!asset) return next();
  const file = Bun.file(asset);
  // Hashed build files never change under the same name.
  const cache = c.req.path.startsWith("/assets/")
    ? "public, max-age=31536000, immutable"
    : "no-cache";
  return new Response(file, {
    headers: {
      "Content-Type": file.type,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": cache,
    },
  });
});
