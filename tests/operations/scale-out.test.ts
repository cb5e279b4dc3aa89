import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { createApiKey } from "../../src/credentials/api-keys.ts";
import { connectionOptions, createDatabase, type Database } from "../../src/db.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { type AppProcess, startAppProcess } from "./app-process.ts";
import { type Nginx, send, startNginx } from "./nginx-process.ts";

// Two `fitness serve` processes on one database, behind the example nginx (round robin).
const run = usesExternalDatabase ? describe : describe.skip;
const ENCRYPTION_KEY = "b".repeat(64); // what startAppProcess configures
const password = "correct horse battery";

let apps: AppProcess[] = [];
let nginx: Nginx;
let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (!usesExternalDatabase) return;
  const database = await createServerTestDatabase();
  drop = database.drop;
  const owner = postgres(database.url, connectionOptions(2));
  db = createDatabase(owner, () => owner.end());
  const env = { SERVICE_FITNESS_DATABASE_URL: database.url };
  apps = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  nginx = await startNginx(apps.map((a) => `127.0.0.1:${a.port}`));
}, 120_000);
afterAll(async () => {
  await nginx?.stop();
  await Promise.all(apps.map((a) => a.stop()));
  await db?.close();
  await drop?.();
});

run("scale-out", () => {
  test("one API key's limit is exact across both processes: 100 of 130 pass", async () => {
    const user = await createUserAccount(db, { email: "key@example.test", password });
    const { key } = await createApiKey(db, ENCRYPTION_KEY, user.id, {
      name: "phone",
      permissions: ["health_data_write"],
      expiresAt: null,
    });
    const answers = await Promise.all(
      Array.from({ length: 130 }, () =>
        send(nginx.url, "/api/identity/user", { headers: { "X-API-Key": key } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBe(100);
    expect(statuses.filter((s) => s === 429).length).toBe(30);
  }, 60_000);

  test("sign-in budget is shared and a session from one process works on the other", async () => {
    await createUserAccount(db, { email: "both@example.test", password });
    const attempt = (app: AppProcess, pass: string) =>
      fetch(`${app.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7" },
        body: JSON.stringify({ email: "both@example.test", password: pass }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(apps[i % 2]!, "wrong")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);

    const signedIn = await fetch(`${apps[0]!.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.8" },
      body: JSON.stringify({ email: "both@example.test", password }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await fetch(`${apps[1]!.url}/api/identity/user`, {
      headers: { Cookie: cookie },
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { email: string }).email).toBe("both@example.test");
  }, 60_000);
});
