import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { PUBLIC_ASSETS } from "../../src/static/public-assets.ts";
import { buildWebClient } from "../../web/build.ts";

const PUBLIC = join(import.meta.dir, "..", "..", "public");
// What the first screen loads: its JavaScript and the stylesheet (issue 38: under 60 kB).
const FIRST_SCREEN_BUDGET = 60 * 1024;

function read(dir: string, path: string): Buffer {
  return readFileSync(join(dir, path));
}

/** The scripts the shell loads before any screen asks for more: the entry and its static imports. */
function initialScripts(dir: string): string[] {
  const entry = read(dir, "index.html")
    .toString()
    .match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = read(dir, path).toString();
    for (const [, chunk] of code.matchAll(/(?:import|from)\s*"\.\/(chunk-[a-z0-9]+\.js)"/g))
      visit(`/assets/${chunk}`);
  };
  visit(entry);
  return [...seen];
}

describe("the web client build", () => {
  // Content-hashed names let browsers cache the assets for a year: the same sources must
  // give the same files, or every build would make every visitor download the client again.
  test("is reproducible: a second build of web/ gives the same files, byte for byte", async () => {
    const out = join(tmpdir(), `fitness-web-${crypto.randomUUID()}`);
    const files = await buildWebClient(out);
    expect(Object.keys(PUBLIC_ASSETS).sort()).toEqual(["/", ...files].sort());
    for (const file of files) expect(read(PUBLIC, file).equals(read(out, file)), file).toBe(true);
  });

  test("keeps the first screen's JavaScript and CSS under 60 kB gzipped; maps and charts load on demand", () => {
    const scripts = initialScripts(PUBLIC);
    const styles = [
      ...read(PUBLIC, "index.html")
        .toString()
        .matchAll(/href="(\/assets\/[^"]+\.css)"/g),
    ].map((m) => m[1]!);
    expect(styles.length).toBe(1);
    const files = [...scripts, ...styles];
    const gzipped = files.reduce((sum, path) => sum + gzipSync(read(PUBLIC, path)).length, 0);
    console.log(
      `first screen: ${scripts.length} script(s) and ${styles.length} stylesheet, ${(gzipped / 1024).toFixed(1)} kB gzipped`,
    );
    expect(gzipped).toBeLessThan(FIRST_SCREEN_BUDGET);
    const all = readdirSync(join(PUBLIC, "assets")).filter((f) => f.endsWith(".js"));
    expect(all.length).toBeGreaterThan(scripts.length);
  });

  test("the barcode reader's WebAssembly is served from here and loaded only by its own chunk", () => {
    const [wasm] = Object.keys(PUBLIC_ASSETS).filter((path) => path.endsWith(".wasm"));
    expect(wasm).toMatch(/^\/assets\/zxing_reader-[a-z0-9]{8}\.wasm$/);
    expect(read(PUBLIC, wasm!).subarray(0, 4).toString("hex")).toBe("0061736d");
    const name = wasm!.slice("/assets/".length);
    const initial = initialScripts(PUBLIC).map((path) => read(PUBLIC, path).toString());
    expect(initial.some((code) => code.includes(name) || code.includes("Make default"))).toBe(
      false,
    );
    expect(read(PUBLIC, "sw.js").toString()).not.toContain(".wasm");
  });

  // Issue 48: each language's messages, and the ICU formatter, are chunks of their own; the
  // shell fetches the one language it shows (English: 16.4 kB gzipped) and the formatter (9.5 kB).
  test("loads each language's catalogue and the message formatter on demand, one chunk each", () => {
    const initial = initialScripts(PUBLIC).map((path) => read(PUBLIC, path).toString());
    const chunks = readdirSync(join(PUBLIC, "assets"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => read(PUBLIC, `/assets/${f}`).toString());
    for (const heading of [
      "Sign in to fitness",
      "Bei fitness anmelden",
      "سجّل الدخول إلى fitness",
    ]) {
      expect(
        initial.some((code) => code.includes(heading)),
        heading,
      ).toBe(false);
      expect(chunks.filter((code) => code.includes(heading)).length, heading).toBe(1);
    }
    expect(initial.some((code) => code.includes("MALFORMED_ARGUMENT"))).toBe(false);
  });
});
