import { FetchRefusedError, fetchGuarded } from "./ssrf-fetch.ts";
import { sniffImage } from "./image-sniff.ts";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

/**
 * Downloads a remote image through the SSRF guard: at most 10 MiB, a time limit, and only
 * png, jpeg, gif or webp by magic bytes (an HTML page named .jpg is refused).
 */
export async function downloadImage(
  url: string,
  allowHost?: string,
): Promise<{ bytes: Uint8Array; mime: string; ext: string }> {
  const response = await fetchGuarded(url, {
    maxBytes: MAX_IMAGE_BYTES,
    timeoutMs: TIMEOUT_MS,
    allowHost,
    headers: { Accept: "image/*" },
  });
  if (response.status !== 200) throw new FetchRefusedError(`Image answered ${response.status}.`);
  const type = await sniffImage(response.body);
  if (!type) throw new FetchRefusedError("Not a png, jpeg, gif or webp image.");
  return { bytes: response.body, ...type };
}
