import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when the client takes
 * it, else gzip, else none. `q=0` refuses a coding; `*` stands for any coding not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  // A client sends the same header on every request: parsed once.
  let encoding = chosen.get(acceptEncoding);
  if (!encoding) {
    if (chosen.size >= 100) chosen.clear();
    chosen.set(acceptEncoding, (encoding = parseAcceptEncoding(acceptEncoding)));
  }
  return encoding;
}

const chosen = new Map<string, Encoding>();

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = Math.max(weightOf("gzip"), weights.get("x-gzip") ?? 0);
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}

/**
 * Compresses with the given effort: "fast" for answers compressed on every request, "small"
 * for documents compressed once and sent many times.
 */
export function compress(
  data: Uint8Array,
  encoding: Exclude<Encoding, "identity">,
  effort: "fast" | "small",
): Uint8Array<ArrayBuffer> {
  if (encoding === "gzip")
    return new Uint8Array(gzipSync(data, { level: effort === "fast" ? 5 : 9 }));
  return new Uint8Array(
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === "fast" ? 2 : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
      },
    }),
  );
}
