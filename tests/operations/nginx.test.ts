import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { connectionOptions, createDatabase } from "../../src/db.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { type AppProcess, startAppProcess } from "./app-process.ts";
import { type Nginx, send, startNginx } from "./nginx-process.ts";

// Debian's nginx with deploy/nginx/fitness.conf.template in front of `fitness serve`.
const run = usesExternalDatabase ? describe : describe.skip;

let app: AppProcess;
let nginx: Nginx;
let drop: () => Promise<void>;
const email = "proxy@example.test";
const password = "correct horse battery";

beforeAll(async () => {
  if (!usesExternalDatabase) return;
  const database = await createServerTestDatabase();
  drop = database.drop;
  const owner = postgres(database.url, connectionOptions(1));
  await createUserAccount(
    createDatabase(owner, async () => {}),
    { email, password },
  );
  await owner.end();
  app = await startAppProcess({ SERVICE_FITNESS_DATABASE_URL: database.url });
  nginx = await startNginx([`127.0.0.1:${app.port}`]);
}, 120_000);
afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
  await drop?.();
});

const signIn = (from: string, pass: string, headers: Record<string, string> = {}) =>
  send(nginx.url, "/api/auth/sign-in/email", {
    method: "POST",
    from,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ email, password: pass }),
  });

run("behind nginx", () => {
  test("the coarse /api/auth/ limit: burst 10 without queueing, then 429; other paths free", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(nginx.url, "/api/auth/get-session", { from: "127.0.0.2" }),
      ),
    );
    const limited = answers.filter((a) => a.status === 429).length;
    // 1 at the rate plus a burst of 10 pass at once; the rest are refused, not delayed.
    expect(limited).toBeGreaterThanOrEqual(8);
    expect(limited).toBeLessThanOrEqual(9);
    // Keyed on the client address: another client still gets through.
    expect((await send(nginx.url, "/api/auth/get-session", { from: "127.0.0.3" })).status).not.toBe(
      429,
    );
    const outside = await Promise.all(
      Array.from({ length: 20 }, () => send(nginx.url, "/api/health", { from: "127.0.0.2" })),
    );
    expect(outside.every((a) => a.status === 200)).toBe(true);
  });

  test("bodies over 10 MB stop at the proxy with 413", async () => {
    const big = new Uint8Array(11 * 1024 * 1024).fill(32);
    const refused = await send(nginx.url, "/api/health-data", {
      method: "POST",
      from: "127.0.0.4",
      headers: { "Content-Type": "application/json" },
      body: big,
    });
    expect(refused.status).toBe(413);
    const fits = await send(nginx.url, "/api/health-data", {
      method: "POST",
      from: "127.0.0.4",
      headers: { "Content-Type": "application/json" },
      body: new Uint8Array(9 * 1024 * 1024).fill(32),
    });
    expect(fits.status).toBe(401); // reached the server, which wants an API key
  });

  test("the sign-in limiter counts the address nginx saw; a forged X-Forwarded-For does not help", async () => {
    await Bun.sleep(2200); // let the coarse limit's bucket for 127.0.0.5 stay clear
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await signIn("127.0.0.5", "wrong password", {
        "X-Forwarded-For": `198.51.100.${i}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Another visitor is not blocked by the first one's failures, and gets a Secure cookie.
    const other = await signIn("127.0.0.6", password);
    expect(other.status).toBe(200);
    const cookies = ([] as string[]).concat(other.headers["set-cookie"] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.every((c) => /;\s*Secure/i.test(c))).toBe(true);
  });
});
