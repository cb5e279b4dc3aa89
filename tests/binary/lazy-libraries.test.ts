import { afterAll, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { emptyDir, run } from "../helpers/processes.ts";

// The libraries of rarely used features are imported with import() and split into chunks
// of their own, so a server that only syncs and serves reads never loads them (README,
// "Memory"). A static import anywhere on the way from src/main.ts pulls one back into the
// entry chunk, which this build shows.
const LAZY_LIBRARIES = [
  "ai",
  "@ai-sdk/anthropic",
  "@ai-sdk/google",
  "@ai-sdk/openai-compatible",
  "@modelcontextprotocol/sdk",
  "@simplewebauthn/server",
  "openid-client",
  "otpauth",
  "qrcode",
  "nodemailer",
  "intl-messageformat",
  "@garmin/fitsdk",
  "fflate",
  "saxes",
  "file-type",
  "busboy",
  "@electric-sql/pglite",
  "@electric-sql/pglite-socket",
];

const ROOT = join(import.meta.dir, "..", "..");
const outDir = emptyDir("fitness-chunks-");
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The packages whose code a bundle file holds (the bundler marks each module's start). */
function packagesIn(file: string): Set<string> {
  const found = new Set<string>();
  const marker = /^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\/.*\.(?:c|m)?js$/gm;
  for (const match of readFileSync(join(outDir, file), "utf8").matchAll(marker))
    found.add(match[1]!);
  return found;
}

test("the entry chunk holds none of the libraries loaded on first use; other chunks do", async () => {
  const build = await run(
    [
      process.execPath,
      "build",
      "--target",
      "bun",
      "--splitting",
      "--outdir",
      outDir,
      join(ROOT, "src", "main.ts"),
    ],
    {},
    ROOT,
  );
  expect(build.code).toBe(0);
  const entry = packagesIn("main.js");
  const chunks = new Set(
    readdirSync(outDir)
      .filter((file) => file.endsWith(".js") && file !== "main.js")
      .flatMap((file) => [...packagesIn(file)]),
  );
  // The entry still holds what every request needs.
  expect(entry.has("hono")).toBe(true);
  expect(entry.has("postgres")).toBe(true);
  for (const library of LAZY_LIBRARIES) {
    expect({ library, inEntry: entry.has(library) }).toEqual({ library, inEntry: false });
    expect({ library, inChunk: chunks.has(library) }).toEqual({ library, inChunk: true });
  }
});
