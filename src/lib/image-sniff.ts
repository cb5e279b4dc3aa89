/** The image formats the server stores, decided by magic bytes, never by a name or header. */
const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** The type of an accepted image (jpeg, png, gif, webp), or null for anything else. */
export async function sniffImage(bytes: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  // Loaded on first use, like every library of a rarely used feature (README, "Memory").
  const { fileTypeFromBuffer } = await import("file-type");
  const sniffed = await fileTypeFromBuffer(bytes);
  return sniffed && ACCEPTED_TYPES.has(sniffed.mime)
    ? { mime: sniffed.mime, ext: sniffed.ext }
    : null;
}
