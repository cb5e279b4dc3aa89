import { describe, expect, test } from "bun:test";
import { openDatabase } from "../../src/db.ts";
import { startTcpProxy } from "../helpers/tcp-proxy.ts";
import {
  createServerTestDatabase,
  createTestConfig,
  removeTestDataDir,
  usesExternalDatabase,
} from "../helpers/test-database.ts";

const ARRAY_TYPES_QUERY = "from pg_catalog.pg_type a";

describe.skipIf(!usesExternalDatabase)("the array types", () => {
  // postgres.js reads them on each new connection in a query nothing awaits; a connection
  // lost meanwhile (a database restarting) was an unhandled rejection that killed the server.
  test("are read once: connections opened later, and reconnections, skip the query", async () => {
    const database = await createServerTestDatabase();
    const proxy = startTcpProxy(database.url);
    const config = createTestConfig({ SERVICE_FITNESS_DATABASE_URL: proxy.url });
    const db = await openDatabase(config, { migrate: false });
    const letters = () => db.owner<{ a: string[] }[]>`select array['x', 'y']::text[] as a`;
    try {
      expect((await letters())[0]!.a).toEqual(["x", "y"]);
      // Several connections at once, then all of them lost and opened again.
      await Promise.all(Array.from({ length: 5 }, () => db.owner`select pg_sleep(0.05)`));
      proxy.refuse();
      proxy.accept();
      let answer: string[] | undefined;
      for (let i = 0; i < 50 && !answer; i++) {
        answer = await letters().then(
          ([row]) => row!.a,
          () => undefined,
        );
        if (!answer) await Bun.sleep(100);
      }
      expect(answer).toEqual(["x", "y"]);
      await Promise.all(Array.from({ length: 5 }, () => db.owner`select pg_sleep(0.05)`));
      expect(proxy.sent().split(ARRAY_TYPES_QUERY).length - 1).toBe(1);
    } finally {
      proxy.close();
      await db.close();
      await database.drop();
      removeTestDataDir(config);
    }
  }, 60_000);
});
