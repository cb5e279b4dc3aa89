import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { TestContext, TestUser } from "./test-app.ts";

export const PHOTOS = "/api/measurements/check-in-photos";

/** POSTs `bytes` as the multipart field `photo`, with the file name and type a client claims. */
export function uploadPhoto(
  ctx: TestContext,
  user: TestUser,
  date: string,
  type: string,
  bytes: Uint8Array<ArrayBuffer>,
  fileName = "photo.jpg",
  contentType = "image/jpeg",
) {
  const form = new FormData();
  form.append("photo", new File([bytes], fileName, { type: contentType }));
  return ctx.request(`${PHOTOS}/${date}/${type}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${user.token}` },
    body: form,
  });
}

export async function getJson(ctx: TestContext, user: TestUser, path: string) {
  const res = await ctx.request(path, { headers: { Authorization: `Bearer ${user.token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

/** The files in the user's private photo folder. */
export function storedPhotoFiles(ctx: TestContext, userId: string): string[] {
  try {
    return readdirSync(join(ctx.config.uploadsDir, "check-in", userId)).sort();
  } catch {
    return [];
  }
}
