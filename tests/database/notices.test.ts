import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { connectionOptions, createDatabase, type Database } from "../../src/db.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";

// listen() on an external PostgreSQL: every NOTIFY reaches it, and it listens again after
// its connection is cut (a restart, a failover), telling its caller a notice may be lost.
const run = usesExternalDatabase ? test : test.skip;
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  if (!usesExternalDatabase) return;
  const database = await createServerTestDatabase();
  drop = database.drop;
  const owner = postgres(database.url, connectionOptions(2));
  db = createDatabase(owner, () => owner.end());
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await Bun.sleep(10);
  return condition();
}

run(
  "a notice from any connection arrives; a cut connection is opened again",
  async () => {
    let notices = 0;
    const stop = await db.listen("test_channel", () => notices++);
    try {
      expect(notices).toBe(1); // listening started: whatever came before is unknown
      await db.owner`select pg_notify('test_channel', '')`;
      expect(await until(() => notices === 2)).toBe(true);

      const [cut] = await db.owner<{ cut: boolean }[]>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`;
      expect(cut?.cut).toBe(true);
      // Told when the connection drops and again once listening anew.
      expect(await until(() => notices >= 4)).toBe(true);
      const afterReconnect = notices;
      await db.owner`select pg_notify('test_channel', '')`;
      expect(await until(() => notices === afterReconnect + 1)).toBe(true);
    } finally {
      await stop();
    }
  },
  60_000,
);
