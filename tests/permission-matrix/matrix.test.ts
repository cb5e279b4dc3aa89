import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { API_KEY_PERMISSIONS } from "../../src/credentials/api-keys.ts";
import { makeAdmin, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { callersFor, createCast, send, type Cast, type Caller } from "./cast.ts";
import { coveredOperations, routeTemplate } from "./coverage.ts";
import type { MatrixRoute, Seeded } from "./types.ts";

// Every file in routes/ is a domain's rows; a new domain adds a file, a new route a row.
const ROUTES_DIR = join(import.meta.dir, "routes");
const domains = await Promise.all(
  readdirSync(ROUTES_DIR)
    .filter((file) => file.endsWith(".ts"))
    .sort()
    .map(async (file) => ({
      file,
      routes: ((await import(join(ROUTES_DIR, file))) as { routes: MatrixRoute[] }).routes,
    })),
);

// Routes that hold nobody's data, or whose sharing rules are tested on their own.
const NOT_DATA_ROUTES: Record<string, string> = {
  "GET /api/health": "liveness probe",
  "GET /api/version": "server version",
  "* /api/auth/*": "sign-in, sessions and sign-in settings: before or about the signed-in account",
  "* /api/admin/*": "admin surface: accounts, never anyone's health data",
  "* /api/api-docs/*": "API documentation",
  "POST /mcp": "API key only, always acts as its owner (tests/family/acting-for.test.ts)",
  "POST /api/identity/switch-context": "chooses whose data is active (tests/family)",
  "POST /api/identity/update-password": "the signed-in account's own password (tests/users)",
  "POST /api/integrations/garmin/notifications":
    "Garmin's webhook: no caller; queues a known Garmin account's sync (tests/provider-sync/garmin)",
  "* /api/integrations/strava/webhook":
    "Strava's webhook: no caller; queues a known athlete's sync (tests/provider-sync/strava)",
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

function expectedStatus(row: MatrixRoute, caller: Caller): number {
  const ok = row.okStatus ?? 200;
  if (caller.name === "owner") return ok;
  if (caller.ownerKey) return caller.allowed ? ok : 403;
  if (row.callerOnly) return caller.apiKey ? 403 : (row.callerOnly.otherStatus ?? ok);
  return caller.allowed ? ok : 403;
}

async function runRow(cast: Cast, row: MatrixRoute): Promise<string[]> {
  const failures: string[] = [];
  // Which seeded ids the owner's own answer shows: a reader let through must see them too,
  // so a join the grant cannot reach does not pass for an allowed read.
  let shownToOwner: string[] = [];
  for (const caller of callersFor(cast, row)) {
    const seeded: Seeded = row.seed ? await row.seed(cast.asOwner) : {};
    const path = typeof row.path === "function" ? row.path(seeded) : row.path;
    const body = row.form
      ? row.form(seeded)
      : typeof row.body === "function"
        ? (row.body as (s: Seeded) => unknown)(seeded)
        : row.body;
    const headers: Record<string, string> = caller.actingFor
      ? { "X-Acting-For": cast.owner.id }
      : {};
    const res = await send(ctx, caller.token, row.method, path, body, headers);
    const text = await res.text();
    const expected = expectedStatus(row, caller);
    const fail = (why: string) => failures.push(`${caller.name}: ${why}`);
    if (res.status !== expected)
      fail(`${res.status}, expected ${expected} (${text.slice(0, 160)})`);
    const shown = Object.keys(seeded).filter((key) => containsToken(text, seeded[key]!));
    if (caller.name === "owner") shownToOwner = shown;
    else if (expected === 403 || (row.callerOnly && !caller.ownerKey)) {
      for (const key of shown) fail(`the body contains the owner's ${key} ${seeded[key]}`);
    } else if (row.method === "GET") {
      for (const key of shownToOwner.filter((k) => !shown.includes(k))) {
        fail(`the owner's ${key} is missing from the body (${text.slice(0, 160)})`);
      }
    }
  }
  return failures;
}

for (const { file, routes } of domains) {
  describe(`permission matrix: ${file}`, () => {
    let cast: Cast;
    beforeAll(async () => {
      cast = await createCast(ctx);
    }, SETUP_TIMEOUT);
    for (const row of routes) {
      const name = `${row.method} ${routeTemplate(row)}${row.callerOnly ? " (caller's own)" : ` (${row.permission}, ${row.write ? "write" : "read"})`}`;
      test(name, async () => expect(await runRow(cast, row)).toEqual([]));
    }
  });
}

describe("permission matrix coverage", () => {
  test("every data route in the OpenAPI document has a matrix row", () => {
    const operations = documentedOperations();
    const covered = coveredOperations(
      domains.flatMap((d) => d.routes),
      operations,
    );
    const missing = operations.filter((op) => !covered.has(op) && !isExcluded(op));
    expect(missing).toEqual([]);
  });
});

// Routes outside the data matrix that act on the signed-in account itself: a key of any
// permission is refused (403), like on the whole admin surface.
const SIGNED_IN_ONLY = [
  "POST /api/identity/update-password",
  "POST /api/identity/switch-context",
  "GET /api/auth/list-sessions",
  "POST /api/auth/revoke-session",
  "POST /api/auth/revoke-other-sessions",
  "POST /api/auth/two-factor/enable",
  "POST /api/auth/two-factor/disable",
  "POST /api/auth/two-factor/generate-backup-codes",
  "POST /api/auth/passkey/generate-register-options",
  "POST /api/auth/passkey/verify-registration",
  "GET /api/auth/passkey/list-user-passkeys",
  "POST /api/auth/passkey/update-passkey",
  "POST /api/auth/passkey/delete-passkey",
];

describe("API keys outside the data matrix", () => {
  test("no key, of any permission, reaches the admin surface or account management", async () => {
    const admin = await ctx.createUser("Key-holding Admin");
    await makeAdmin(ctx, admin.id);
    const operations = documentedOperations().filter(
      (op) => op.split(" ")[1]!.startsWith("/api/admin/") || SIGNED_IN_ONLY.includes(op),
    );
    expect(operations.length).toBeGreaterThan(SIGNED_IN_ONLY.length + 10);
    const reached: string[] = [];
    for (const permission of API_KEY_PERMISSIONS) {
      const key = await ctx.createApiKey(admin.id, [permission]);
      for (const operation of operations) {
        const [method, template] = operation.split(" ") as [string, string];
        const path = template.replace(/\{[^}]+\}/g, crypto.randomUUID());
        const body = method === "GET" || method === "DELETE" ? undefined : {};
        const res = await send(ctx, key, method, path, body);
        if (res.status !== 403) reached.push(`${permission}: ${operation} answered ${res.status}`);
      }
    }
    expect(reached).toEqual([]);
  });
});

function documentedOperations(): string[] {
  const doc = ctx.app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "t", version: "0" },
  });
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    ["get", "post", "put", "patch", "delete"]
      .filter((method) => (item as Record<string, unknown>)[method])
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

function isExcluded(route: string): boolean {
  const [method, path] = route.split(" ") as [string, string];
  return Object.keys(NOT_DATA_ROUTES).some((pattern) => {
    const [m, p] = pattern.split(" ") as [string, string];
    const pathMatches = p.endsWith("*") ? path.startsWith(p.slice(0, -1)) : path === p;
    return (m === "*" || m === method) && pathMatches;
  });
}

// A seeded id counts as shown only as a whole token. A serial id (a water container's, far
// under eight digits) is no token at all: any count or amount of the body can equal it, so
// its seed names the record by a unique name as well. (Eight-character random suffixes,
// sometimes all digits, still count.)
function containsToken(text: string, value: string): boolean {
  if (/^\d{1,7}$/.test(value)) return false;
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-]|\\.\\d)`).test(text);
}
