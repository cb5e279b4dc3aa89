import { expect } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import type { TestContext, TestUser } from "../helpers/test-app.ts";
import { send } from "../permission-matrix/cast.ts";
import type { MatrixOwner, MatrixRoute } from "../permission-matrix/types.ts";

// Every domain is seeded through its own HTTP routes, by the seed functions of the
// permission matrix rows (one call per distinct seed).
const MATRIX_ROUTES = join(import.meta.dir, "..", "permission-matrix", "routes");
const seeds = new Set<NonNullable<MatrixRoute["seed"]>>();
for (const file of readdirSync(MATRIX_ROUTES).filter((f) => f.endsWith(".ts"))) {
  const { routes } = (await import(join(MATRIX_ROUTES, file))) as { routes: MatrixRoute[] };
  for (const row of routes) if (row.seed) seeds.add(row.seed);
}

/** Fills every domain of the user's account through the app's routes. */
export async function seedEveryDomain(ctx: TestContext, user: TestUser) {
  const owner: MatrixOwner = {
    id: user.id,
    token: user.token,
    request: (method, path, body) => send(ctx, user.token, method, path, body),
  };
  for (const seed of seeds) await seed(owner).catch(() => undefined);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
// Integer ids that point at other rows, renumbered on import.
const INTEGER_REFERENCES: Record<string, string[]> = { water_entries: ["container_id"] };

export async function exportOf(ctx: TestContext, user: TestUser) {
  const res = await ctx.request("/api/export", {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  return new Uint8Array(await res.arrayBuffer());
}

export function importInto(ctx: TestContext, user: TestUser, zip: Uint8Array) {
  const form = new FormData();
  form.set(
    "file",
    new File([zip as Uint8Array<ArrayBuffer>], "export.zip", { type: "application/zip" }),
  );
  return send(ctx, user.token, "POST", "/api/import", form);
}

/** Each table's rows without ids, ordered, and each file's checksum: what must survive. */
export function contents(zip: Uint8Array) {
  const entries = unzipSync(zip);
  const tables: Record<string, string[]> = {};
  for (const [path, bytes] of Object.entries(entries)) {
    if (!path.startsWith("data/")) continue;
    const data = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, object[]>;
    for (const [table, rows] of Object.entries(data)) {
      tables[table] = rows
        .map((row) => {
          const copy: Record<string, unknown> = { ...row, id: undefined };
          for (const column of INTEGER_REFERENCES[table] ?? []) copy[column] = undefined;
          return JSON.stringify(copy, Object.keys(copy).sort()).replace(UUID, "<uuid>");
        })
        .sort();
    }
  }
  const manifest = JSON.parse(new TextDecoder().decode(entries["manifest.json"]!));
  const files = (manifest.entries as { path: string; sha256: string }[])
    .filter((e) => e.path.startsWith("files/"))
    .map((e) => e.sha256)
    .sort();
  return { tables, files, manifest };
}
