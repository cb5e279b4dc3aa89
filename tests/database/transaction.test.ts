import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import postgres from "postgres";
import { readFile } from "node:fs/promises";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { settlesWithin, until } from "../helpers/settles.ts";
import { startTcpProxy } from "../helpers/tcp-proxy.ts";
import { connectionOptions, createDatabase, type Tx } from "../../src/db.ts";
import { DatabaseUnavailableError } from "../../src/errors.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
// Closing waits out the connection the last test lost (postgres.js gives it 5 s).
afterAll(() => ctx.close(), 20_000);

const weigh = (tx: Tx, userId: string, day: string) =>
  tx`insert into check_in_measurements (user_id, entry_date, weight) values (${userId}, ${day}, 80)`;
const daysOf = async (userId: string) =>
  (
    await ctx.db.owner<{ day: string }[]>`
      select entry_date::text as day from check_in_measurements
       where user_id = ${userId} order by entry_date`
  ).map((row) => row.day);

describe("request transactions (BEGIN pipelined with the role setup)", () => {
  test("a statement that failed, even one whose error was swallowed, rolls everything back", async () => {
    const user = await ctx.createUser();
    await expect(
      ctx.db.withUser(user.id, async (tx) => {
        await weigh(tx, user.id, "2026-01-01");
        await tx`select 1 / 0`.catch(() => "ignored");
        return "looks fine";
      }),
    ).rejects.toThrow();
    await expect(
      ctx.db.withUser(user.id, async (tx) => {
        await weigh(tx, user.id, "2026-01-02");
        throw new Error("handler failed");
      }),
    ).rejects.toThrow("handler failed");
    expect(await daysOf(user.id)).toEqual([]);
  });

  test("a savepoint rolls back only its own writes", async () => {
    const user = await ctx.createUser();
    const outcome = await ctx.db.withUser(user.id, async (tx) => {
      await weigh(tx, user.id, "2026-02-01");
      const failed = await tx
        .savepoint(async (sp) => {
          await weigh(sp, user.id, "2026-02-02");
          await sp`select 1 / 0`;
        })
        .then(
          () => "saved",
          () => "rolled back",
        );
      await tx.savepoint((sp) => weigh(sp, user.id, "2026-02-03"));
      return failed;
    });
    expect(outcome).toBe("rolled back");
    expect(await daysOf(user.id)).toEqual(["2026-02-01", "2026-02-03"]);
  });

  test("a savepoint whose callback fails before any statement leaves the transaction usable", async () => {
    const user = await ctx.createUser();
    const outcome = await ctx.db.withUser(user.id, async (tx) => {
      const failed = await tx
        .savepoint(async () => {
          throw new Error("bad record");
        })
        .catch((error: Error) => error.message);
      await tx.savepoint((sp) => weigh(sp, user.id, "2026-02-04"));
      return failed;
    });
    expect(outcome).toBe("bad record");
    expect(await daysOf(user.id)).toEqual(["2026-02-04"]);
  });

  test("concurrent transactions each run as their own user, and nothing leaks onto the pool", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => ctx.createUser()));
    const seen = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const user = users[i % users.length]!;
        return ctx.db.withUser(user.id, async (tx) => {
          const [row] = await tx<{ id: string; role: string }[]>`
            select current_setting('app.user_id') as id, current_user as role`;
          return { expected: user.id, ...row! };
        });
      }),
    );
    for (const row of seen) expect(row).toMatchObject({ id: row.expected, role: "fitness_app" });
    const after = await Promise.all(
      Array.from(
        { length: 10 },
        () => ctx.db.owner<{ id: string | null; role: string }[]>`
          select nullif(current_setting('app.user_id', true), '') as id, current_user as role`,
      ),
    );
    for (const [row] of after) expect(row!.id).toBeNull();
    for (const [row] of after) expect(row!.role).not.toBe("fitness_app");
  });

  test.skipIf(!usesExternalDatabase)(
    "a backend terminated in the middle fails that transaction and the pool keeps serving",
    async () => {
      const user = await ctx.createUser();
      await expect(
        ctx.db.withUser(user.id, async (tx) => {
          await weigh(tx, user.id, "2026-03-01");
          const [backend] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
          // Killed while a statement runs (the next test kills one that is idle).
          const running = tx`select pg_sleep(10)`.execute();
          await ctx.db.owner`select pg_terminate_backend(${backend!.pid})`;
          await running;
        }),
      ).rejects.toThrow();
      for (let i = 0; i < 25; i++) {
        await ctx.db.withUser(user.id, (tx) =>
          weigh(tx, user.id, `2026-04-${String(i + 1).padStart(2, "0")}`),
        );
      }
      const days = await daysOf(user.id);
      expect(days).toHaveLength(25);
      expect(days).not.toContain("2026-03-01");
    },
  );

  test.skipIf(!usesExternalDatabase)(
    "a statement on a transaction whose connection closed while idle fails at once",
    async () => {
      const user = await ctx.createUser();
      const outcome = ctx.db.withUser(user.id, async (tx) => {
        const [backend] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        await ctx.db.owner`select pg_terminate_backend(${backend!.pid})`;
        await Bun.sleep(200); // the close reaches postgres.js
        return tx`select 1`;
      });
      expect(await settlesWithin(outcome, 5_000)).toBe("rejected");
      expect(
        await settlesWithin(
          ctx.db.withUser(user.id, (tx) => tx`select 1`),
          5_000,
        ),
      ).toBe("fulfilled");
    },
  );

  // A PostgreSQL restart: every backend goes while requests wait for a pooled connection.
  test.skipIf(!usesExternalDatabase)(
    "every transaction settles when the pool's backends are terminated under load",
    async () => {
      const user = await ctx.createUser();
      let running = true;
      const outcomes = { fulfilled: 0, rejected: 0 };
      // More workers than pooled connections, so that reservations wait in the queue.
      const workers = Array.from({ length: 16 }, async () => {
        while (running) {
          await ctx.db
            .withUser(user.id, (tx) => tx`select pg_sleep(0.002)`)
            .then(
              () => outcomes.fulfilled++,
              () => outcomes.rejected++,
            );
        }
      });
      for (let round = 0; round < 3; round++) {
        await Bun.sleep(300);
        await ctx.db.owner`
          select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`.catch(() => {});
      }
      await Bun.sleep(300);
      running = false;
      expect(await settlesWithin(Promise.all(workers), 15_000)).toBe("fulfilled");
      expect(outcomes.rejected).toBeGreaterThan(0);
      const after = Array.from({ length: 12 }, () =>
        ctx.db.withUser(user.id, (tx) => tx`select 1`),
      );
      expect(await settlesWithin(Promise.all(after), 5_000)).toBe("fulfilled");
    },
  );
});

describe("a database that refuses connections (a restart, a failover)", () => {
  // The pool through a proxy that plays the outage: every connection closed, new ones refused.
  test.skipIf(!usesExternalDatabase)(
    "under load, requests fail fast while it is down and all succeed within seconds of its return",
    async () => {
      const database = await createServerTestDatabase();
      const proxy = startTcpProxy(database.url);
      const owner = postgres(proxy.url, connectionOptions(4));
      const db = createDatabase(owner, () => owner.end({ timeout: 1 }));
      try {
        let running = true;
        const failures = new Set<string>();
        // Twice as many workers as connections, so that reservations wait in the queue.
        const workers = Array.from({ length: 8 }, async () => {
          while (running) {
            await db
              .withAnonymous((tx) => tx`select pg_sleep(0.005)`)
              .catch((error: Error) => failures.add(error.constructor.name));
            await Bun.sleep(10);
          }
        });
        for (let outage = 0; outage < 3; outage++) {
          await Bun.sleep(300);
          proxy.refuse();
          await Bun.sleep(2_000);
          proxy.accept();
          // Back within seconds: a moment comes soon when every request succeeds.
          const everyOneSucceeds = async () => {
            const batch = Array.from({ length: 12 }, () => db.withAnonymous((tx) => tx`select 1`));
            return (await Promise.allSettled(batch)).every((r) => r.status === "fulfilled");
          };
          expect(await settlesWithin(until(everyOneSucceeds), 10_000)).toBe("fulfilled");
        }
        running = false;
        expect(await settlesWithin(Promise.all(workers), 5_000)).toBe("fulfilled");
        // Refused at once (a 503) rather than queued through the reconnect back-off.
        expect(failures).toContain(DatabaseUnavailableError.name);
      } finally {
        proxy.close();
        await db.close();
        await database.drop();
      }
    },
    60_000,
  );

  test("a file's error inside a transaction rolls back and gives the connection back", async () => {
    const user = await ctx.createUser();
    // More failures than pooled connections: each must come back to the pool.
    for (let i = 0; i < 12; i++) {
      await expect(
        ctx.db.withUser(user.id, async (tx) => {
          await weigh(tx, user.id, "2026-05-01");
          await readFile("/nonexistent/fitness-photo.jpg");
        }),
      ).rejects.toThrow("ENOENT");
    }
    expect(
      await settlesWithin(
        ctx.db.withUser(user.id, (tx) => tx`select 1`),
        5_000,
      ),
    ).toBe("fulfilled");
    expect(await daysOf(user.id)).toEqual([]);
  });
});

describe("one-trip statements (BEGIN, role, statement and COMMIT sent together)", () => {
  const bucket = () => `test:${crypto.randomUUID()}`;
  const hit = (name: string) =>
    ctx.db.statementAsAnonymous(
      (sql) => sql<{ hits: number }[]>`select hits from rate_limit_hit(${name}, 60000, false)`,
    );

  test("a one-trip read takes its statement's generic plan at once; other work keeps the default", async () => {
    const user = await ctx.createUser();
    const mode = (sql: postgres.Sql | Tx) =>
      sql<{ mode: string }[]>`select current_setting('plan_cache_mode') as mode`;
    const [one] = await ctx.db.statementAsUser(user.id, mode);
    expect(one!.mode).toBe("force_generic_plan");
    const [[both]] = await ctx.db.statementsAsUser(user.id, (sql) => [mode(sql)] as const);
    expect(both!.mode).toBe("force_generic_plan");
    const [inTransaction] = await ctx.db.withUser(user.id, mode);
    expect(inTransaction!.mode).toBe("auto");
    // The setting ends with the trip: nothing else on the pool inherits it.
    const owners = await Promise.all(Array.from({ length: 12 }, () => mode(ctx.db.owner)));
    expect(owners.map(([row]) => row!.mode)).toEqual(Array(12).fill("auto"));
  });

  test("runs as the application role with no user, and commits", async () => {
    const [row] = await ctx.db.statementAsAnonymous(
      (sql) => sql<{ role: string; id: string }[]>`
        select current_user as role, current_setting('app.user_id') as id`,
    );
    expect(row).toEqual({ role: "fitness_app", id: "" });
    const name = bucket();
    expect((await hit(name))[0]!.hits).toBe(1);
    expect((await hit(name))[0]!.hits).toBe(2);
    const [stored] = await ctx.db.owner<{ hits: number }[]>`
      select hits from rate_limit_counters where bucket = ${name}`;
    expect(stored!.hits).toBe(2);
  });

  test("a failed statement throws its own error and leaves the pool serving", async () => {
    await expect(ctx.db.statementAsAnonymous((sql) => sql`select 1 / 0`)).rejects.toThrow(
      "division by zero",
    );
    // The application role may not touch the table directly: refused, nothing written.
    const name = bucket();
    await expect(
      ctx.db.statementAsAnonymous(
        (sql) => sql`insert into rate_limit_counters values (${name}, 1, now())`,
      ),
    ).rejects.toThrow("permission denied");
    const counts = await Promise.all(Array.from({ length: 12 }, () => hit(name)));
    expect(counts.map(([row]) => row!.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  test("a pair of statements answers both in order, as the user; one failing rolls both back", async () => {
    const user = await ctx.createUser();
    const [settings, written] = await ctx.db.statementsAsUser(user.id, (sql) => [
      sql<{ role: string; id: string }[]>`
        select current_user as role, current_setting('app.user_id') as id`,
      sql<{ day: string }[]>`
        insert into check_in_measurements (user_id, entry_date, weight)
        values (${user.id}, '2026-02-01', 80) returning entry_date::text as day`,
    ]);
    expect(settings[0]).toEqual({ role: "fitness_app", id: user.id });
    expect(written[0]!.day).toBe("2026-02-01");
    await expect(
      ctx.db.statementsAsUser(user.id, (sql) => [
        sql`insert into check_in_measurements (user_id, entry_date, weight)
            values (${user.id}, '2026-02-02', 80)`,
        sql`select 1 / 0`,
      ]),
    ).rejects.toThrow("division by zero");
    expect(await daysOf(user.id)).toEqual(["2026-02-01"]);
  });
});
