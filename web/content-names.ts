// Bun names split chunks with a hash that depends on where the project and its
// node_modules sit on disk, so two checkouts build different names for the same code and
// the committed build could never be checked. This renames every output after its content
// instead: a file's name changes exactly when it, or a file it loads, changes.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

const TOKEN = /-([a-z0-9]{8})\.[a-z]+$/;
const TEXT = /\.(js|css|map)$/;

function sha(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex");
}

/** Renames the built files in place and rewrites the references between them; returns the new paths. */
export function renameByContent(paths: string[]): string[] {
  const files = paths.map((path) => {
    const token = basename(path).match(TOKEN)?.[1];
    if (!token) throw new Error(`built file without a hash in its name: ${path}`);
    // Binary files (WebAssembly) load nothing: read as latin1 so writing them back keeps every byte.
    const encoding: BufferEncoding = TEXT.test(path) ? "utf8" : "latin1";
    return { path, token, encoding, text: readFileSync(path, encoding) };
  });
  const tokens = files.map((f) => f.token);
  const anyToken = new RegExp(tokens.join("|"), "g");
  // A file's own content with every build hash blanked out.
  const own = new Map(files.map((f) => [f.token, sha(f.text.replace(anyToken, "########"))]));
  const loads = new Map(
    files.map((f) => [f.token, tokens.filter((t) => t !== f.token && f.text.includes(t))]),
  );
  const reachable = (start: string) => {
    const seen = new Set([start]);
    const queue = [start];
    for (let t = queue.pop(); t; t = queue.pop()) {
      for (const next of loads.get(t)!) if (!seen.has(next)) seen.add(next) && queue.push(next);
    }
    return [...seen];
  };
  // Its own content first, so files that load each other still get different names; then
  // what it loads, sorted by content rather than by Bun's hash, which differs between checkouts.
  const digest = (t: string) => {
    const loaded = reachable(t).map((r) => own.get(r)!);
    return sha(`${own.get(t)}:${loaded.sort().join()}`);
  };
  const names = new Map(tokens.map((t) => [t, base36(digest(t))]));
  const name = (t: string) => names.get(t)!;
  return files.map((f) => {
    const target = join(dirname(f.path), basename(f.path).replace(f.token, name(f.token)));
    if (f.encoding === "utf8") {
      writeFileSync(
        f.path,
        f.text.replace(anyToken, (t) => name(t)),
      );
    }
    renameSync(f.path, target);
    return target;
  });
}

function base36(hex: string): string {
  return (BigInt("0x" + hex) % 36n ** 8n).toString(36).padStart(8, "0");
}
