import { fileTypeFromBuffer } from "file-type";

/** The image formats the server stores, decided by magic bytes, never by a name or header. */
const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** The type of an accepted image (jpeg, png, gif, webp), or null for anything else. */
export async function sniffImage(bytes: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const sniffed = await fileTypeFromBuffer(bytes);
  return sniffed && ACCEPTED_TYPES.has(sniffed.mime)
    ? { mime: sniffed.mime, ext: sniffed.ext }
    : null;
}
