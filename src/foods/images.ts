/**
 * Food image values: server-relative upload paths or remote http(s) URLs, in one ordered
 * array (spec, "Food image fields").
 */

export const FOOD_UPLOAD_PREFIX = "/uploads/foods/";
export const ENTRY_UPLOAD_PREFIX = "/uploads/food_entries/";

export type ImageKeys = {
  image_url?: string | null;
  image_source_url?: string | null;
  images?: string[] | null;
};

/**
 * Rule 2: `image_url`, then `image_source_url` (the full-size variant), then `images`,
 * without blanks or repeats, as one ordered array. Undefined when no key was sent, so an
 * update that does not mention images keeps them.
 */
export function normalizeImages(input: ImageKeys): string[] | undefined {
  if (input.image_url === undefined && input.image_source_url === undefined && !input.images) {
    return input.images === null ? [] : undefined;
  }
  const all = [input.image_url, input.image_source_url, ...(input.images ?? [])];
  const kept: string[] = [];
  for (const value of all) {
    const trimmed = value?.trim();
    if (trimmed && !kept.includes(trimmed)) kept.push(trimmed);
  }
  return kept;
}

/** The three declared keys of a response, derived from the stored array (rule 1). */
export function presentImages(images: string[]) {
  return { image_url: images[0] ?? null, image_source_url: images[1] ?? null, images };
}

export function isRemoteImage(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** Rule 7: an entry image the user chose for that entry, never refreshed by a snapshot update. */
export function isDiarySetImage(value: string): boolean {
  return value.startsWith(ENTRY_UPLOAD_PREFIX);
}

/** The uploads-root-relative path of a `/uploads/...` value. */
export function uploadRelativePath(value: string): string | null {
  return value.startsWith("/uploads/") ? value.slice("/uploads/".length) : null;
}
