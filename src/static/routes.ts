import { Hono } from "hono";
import { posix } from "node:path";
import type { AppEnv } from "../http/context.ts";
import { openUpload } from "../storage/uploads.ts";
import { PUBLIC_ASSETS } from "./public-assets.ts";

// Progress photos are private: they are read only through the authenticated photo route.
const PRIVATE_SEGMENT = "check-in";

function isPrivateUpload(relativePath: string): boolean {
  return posix
    .normalize("/" + relativePath)
    .toLowerCase()
    .split("/")
    .includes(PRIVATE_SEGMENT);
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

staticRoutes.get("*", async (c, next) => {
  const asset = PUBLIC_ASSETS[c.req.path];
  if (!asset) return next();
  const file = Bun.file(asset);
  return new Response(file, {
    headers: { "Content-Type": file.type, "X-Content-Type-Options": "nosniff" },
  });
});
