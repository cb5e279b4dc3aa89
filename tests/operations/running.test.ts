import { describe, expect, test } from "bun:test";
import postgres from "postgres";
import { connectionOptions, createDatabase } from "../../src/db.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { createTestContext } from "../helpers/test-app.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { startAppProcess } from "./app-process.ts";

describe("/metrics", () => {
  test("off by default; with SERVICE_FITNESS_METRICS=true, Prometheus text", async () => {
    const off = await createTestContext();
    try {
      expect((await off.request("/metrics")).status).toBe(404);
    } finally {
      await off.close();
    }
    const ctx = await createTestContext({ SERVICE_FITNESS_METRICS: "true" });
    try {
      await ctx.request("/api/health");
      await ctx.request("/api/health-data", { method: "POST", body: "[]" });
      const res = await ctx.request("/metrics");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
      const text = await res.text();
      expect(text).toContain('fitness_http_requests_total{method="GET",status="2xx"} 1');
      expect(text).toContain('fitness_ingest_requests_total{status="4xx"} 1');
      expect(text).toContain("# TYPE fitness_http_request_duration_seconds histogram");
      expect(text).toMatch(/fitness_http_request_duration_seconds_count 2\n/);
      expect(text).toContain("fitness_http_requests_in_flight 1"); // this scrape itself
      expect(text).toContain("# TYPE fitness_db_connections gauge");
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

describe("graceful shutdown", () => {
  test("SIGTERM lets a request in progress finish, then the process exits 0", async () => {
    if (!usesExternalDatabase) return;
    const database = await createServerTestDatabase();
    const owner = postgres(database.url, connectionOptions(1));
    await createUserAccount(
      createDatabase(owner, async () => {}),
      {
        email: "slow@example.test",
        password: "correct horse battery",
      },
    );
    await owner.end();
    const app = await startAppProcess({ SERVICE_FITNESS_DATABASE_URL: database.url });
    try {
      // Checking a password takes a deliberate while: the request is still running at SIGTERM.
      const pending = fetch(`${app.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "slow@example.test", password: "correct horse battery" }),
      });
      await Bun.sleep(100);
      app.proc.kill("SIGTERM");
      const answer = await pending;
      expect(answer.status).toBe(200);
      expect(await app.proc.exited).toBe(0);
      await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();
    } finally {
      await app.stop();
      await database.drop();
    }
  }, 60_000);
});
