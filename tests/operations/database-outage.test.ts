import { describe, expect, test } from "bun:test";
import postgres from "postgres";
import { createSession } from "../../src/credentials/sessions.ts";
import { connectionOptions, createDatabase } from "../../src/db.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { settlesWithin, until } from "../helpers/settles.ts";
import { startTcpProxy } from "../helpers/tcp-proxy.ts";
import { startAppProcess } from "./app-process.ts";

async function signedInAccount(url: string): Promise<string> {
  const owner = postgres(url, connectionOptions(1));
  try {
    const db = createDatabase(owner, async () => {});
    const user = await createUserAccount(db, {
      email: "outage@example.test",
      password: "correct horse battery",
    });
    return (await createSession(db, user.id)).token;
  } finally {
    await owner.end();
  }
}

// The real server process, its database behind a proxy that plays a restart (connections
// closed, new ones refused) and then a database that stops answering.
describe("a server whose database restarts", () => {
  test("answers 503 with Retry-After while it is down, serves again soon after, and ends on SIGTERM even with a hung statement", async () => {
    if (!usesExternalDatabase) return;
    const database = await createServerTestDatabase();
    const proxy = startTcpProxy(database.url);
    const token = await signedInAccount(database.url);
    const app = await startAppProcess({
      SERVICE_FITNESS_DATABASE_URL: proxy.url,
      SERVICE_FITNESS_METRICS: "true",
    });
    const get = (path: string) =>
      fetch(`${app.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    try {
      let running = true;
      const statuses = new Set<number>();
      // Light load: a few clients, each asking again as soon as it has its answer.
      const clients = Array.from({ length: 6 }, async () => {
        while (running) {
          const res = await get("/api/identity/user");
          statuses.add(res.status);
          await res.arrayBuffer();
          await Bun.sleep(20);
        }
      });
      for (let outage = 0; outage < 2; outage++) {
        await Bun.sleep(300);
        proxy.refuse();
        await Bun.sleep(1_500);

        const refused = get("/api/identity/user");
        expect(await settlesWithin(refused, 3_000)).toBe("fulfilled");
        const answer = await refused;
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("5");
        expect(await answer.json()).toEqual({ error: "Database unavailable." });
        const health = await get("/api/health");
        expect(health.status).toBe(503);
        expect(health.headers.get("retry-after")).toBe("5");
        const metrics = await get("/metrics");
        expect(metrics.status).toBe(200);
        expect(await metrics.text()).toContain("fitness_db_up 0");

        proxy.accept();
        const everyOneSucceeds = async () => {
          const batch = await Promise.all(
            Array.from({ length: 8 }, () => get("/api/identity/user")),
          );
          return batch.every((res) => res.status === 200);
        };
        expect(await settlesWithin(until(everyOneSucceeds), 10_000)).toBe("fulfilled");
        expect((await get("/api/health")).status).toBe(200);
      }
      running = false;
      await Promise.all(clients);
      expect([...statuses].sort()).toEqual([200, 503]);

      // A database that stops answering: a request hangs on its statement, SIGTERM still ends
      // the process (10 s for requests, then the database closes under them).
      proxy.freeze();
      const hung = get("/api/identity/user").catch(() => null);
      await Bun.sleep(300);
      app.proc.kill("SIGTERM");
      expect(await settlesWithin(app.proc.exited, 25_000)).toBe("fulfilled");
      expect(app.proc.exitCode).toBe(0);
      await hung;
    } finally {
      proxy.close();
      await app.stop();
      await database.drop();
    }
  }, 90_000);
});
