import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import postgres from "postgres";
import { createApiKey } from "../../src/credentials/api-keys.ts";
import { CREDENTIAL_CACHE_MS } from "../../src/credentials/credential-cache.ts";
import { createSession } from "../../src/credentials/sessions.ts";
import { connectionOptions, createDatabase, type Database } from "../../src/db.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { emptyDir, run } from "../helpers/processes.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { type AppProcess, startAppProcess } from "./app-process.ts";

// Issue 37, finding 7: a revocation reaches every process's credential cache at once
// (LISTEN/NOTIFY), not after the CREDENTIAL_CACHE_MS the cache would otherwise keep it.
// Each case has process B verify (and so cache) a credential, makes the change elsewhere
// (process A, the CLI), then expects B to refuse it before its entry could have expired:
// only the notice can explain that.
const ROOT = join(import.meta.dir, "..", "..");
const ENCRYPTION_KEY = "b".repeat(64); // what startAppProcess configures
const password = "correct horse battery";

/** B's first answer that is not 200 after `change`, and whether B's cache could have expired. */
async function refusedBeforeExpiry(
  app: AppProcess,
  path: string,
  headers: Record<string, string>,
  change: () => Promise<unknown>,
) {
  const cachedAt = performance.now();
  expect((await fetch(`${app.url}${path}`, { headers })).status).toBe(200);
  expect((await fetch(`${app.url}${path}`, { headers })).status).toBe(200);
  await change();
  let status = 200;
  // The notice travels after the commit: poll for it, but only while B's entry is surely
  // still cached (past that, a refusal would prove nothing).
  while (status === 200 && performance.now() - cachedAt < CREDENTIAL_CACHE_MS) {
    status = (await fetch(`${app.url}${path}`, { headers })).status;
    if (status === 200) await Bun.sleep(10);
  }
  return { status, beforeExpiry: performance.now() - cachedAt < CREDENTIAL_CACHE_MS };
}

const cli = (env: Record<string, string>, args: string[]) =>
  run([process.execPath, join(ROOT, "src", "main.ts"), ...args], {
    SERVICE_FITNESS_API_ENCRYPTION_KEY: ENCRYPTION_KEY,
    BETTER_AUTH_SECRET: "ops-test-secret-".padEnd(40, "x"),
    SERVICE_FITNESS_LOG_LEVEL: "error",
    ...env,
  });

const runExternal = usesExternalDatabase ? describe : describe.skip;

runExternal("two servers on one PostgreSQL", () => {
  let apps: AppProcess[] = [];
  let db: Database;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createServerTestDatabase();
    drop = database.drop;
    const owner = postgres(database.url, connectionOptions(2));
    db = createDatabase(owner, () => owner.end());
    env = { SERVICE_FITNESS_DATABASE_URL: database.url };
    apps = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await db?.close();
    await drop?.();
  });

  const newUser = (role: "user" | "admin" = "user") =>
    createUserAccount(db, { email: `${crypto.randomUUID()}@example.test`, password, role });
  const session = async (userId: string) => (await createSession(db, userId)).token;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const onA = (path: string, token: string, method: string, body?: unknown) =>
    fetch(`${apps[0]!.url}${path}`, {
      method,
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test("signing out on A is honoured by B at once", async () => {
    const token = await session((await newUser()).id);
    const result = await refusedBeforeExpiry(apps[1]!, "/api/identity/user", bearer(token), () =>
      onA("/api/auth/sign-out", token, "POST"),
    );
    expect(result).toEqual({ status: 401, beforeExpiry: true });
  }, 60_000);

  test("a password change on A signs the other sessions out on B at once", async () => {
    const user = await newUser();
    const [changing, other] = [await session(user.id), await session(user.id)];
    const result = await refusedBeforeExpiry(apps[1]!, "/api/identity/user", bearer(other), () =>
      onA("/api/identity/update-password", changing, "POST", {
        currentPassword: password,
        newPassword: "another horse battery",
      }).then((res) => expect(res.status).toBe(200)),
    );
    expect(result).toEqual({ status: 401, beforeExpiry: true });
  }, 60_000);

  test("disabling an account on A stops its API key on B at once", async () => {
    const admin = await session((await newUser("admin")).id);
    const user = await newUser();
    const { key } = await createApiKey(db, ENCRYPTION_KEY, user.id, {
      name: "phone",
      permissions: ["data_read"],
      expiresAt: null,
    });
    const result = await refusedBeforeExpiry(apps[1]!, "/api/identity/user", bearer(key), () =>
      onA(`/api/admin/users/${user.id}/status`, admin, "PUT", { disabled: true }).then((res) =>
        expect(res.status).toBe(200),
      ),
    );
    expect(result).toEqual({ status: 401, beforeExpiry: true });
  }, 60_000);

  test("a role change on A takes the admin surface away on B at once", async () => {
    const boss = await session((await newUser("admin")).id);
    const demoted = await newUser("admin");
    const result = await refusedBeforeExpiry(
      apps[1]!,
      "/api/admin/users",
      bearer(await session(demoted.id)),
      () =>
        onA(`/api/admin/users/${demoted.id}/role`, boss, "PUT", { role: "user" }).then((res) =>
          expect(res.status).toBe(200),
        ),
    );
    expect(result).toEqual({ status: 403, beforeExpiry: true });
  }, 60_000);

  test("`fitness apikey revoke` stops the key on both servers at once", async () => {
    const user = await newUser();
    const { key, row } = await createApiKey(db, ENCRYPTION_KEY, user.id, {
      name: "phone",
      permissions: ["health_data_write"],
      expiresAt: null,
    });
    expect(
      (await fetch(`${apps[0]!.url}/api/identity/user`, { headers: bearer(key) })).status,
    ).toBe(200);
    const result = await refusedBeforeExpiry(
      apps[1]!,
      "/api/identity/user",
      bearer(key),
      async () => {
        const revoked = await cli(env, ["apikey", "revoke", "--id", row.id]);
        expect(revoked.code).toBe(0);
      },
    );
    expect(result).toEqual({ status: 401, beforeExpiry: true });
    expect(
      (await fetch(`${apps[0]!.url}/api/identity/user`, { headers: bearer(key) })).status,
    ).toBe(401);
  }, 60_000);
});

describe("the embedded engine", () => {
  let app: AppProcess;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-notices-") };
    app = await startAppProcess(env);
  }, 180_000);
  afterAll(() => app?.stop());

  test("`fitness apikey revoke` through the server's socket stops the key in the server at once", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    expect(
      (await cli(env, ["user", "create", "--email", email, "--password", password])).code,
    ).toBe(0);
    const created = await cli(env, [
      "apikey",
      "create",
      "--email",
      email,
      "--name",
      "phone",
      "--json",
    ]);
    expect(created.code).toBe(0);
    const { id, key } = JSON.parse(created.stdout) as { id: string; key: string };
    const result = await refusedBeforeExpiry(
      app,
      "/api/identity/user",
      { Authorization: `Bearer ${key}` },
      async () => expect((await cli(env, ["apikey", "revoke", "--id", id])).code).toBe(0),
    );
    expect(result).toEqual({ status: 401, beforeExpiry: true });
  }, 120_000);
});
