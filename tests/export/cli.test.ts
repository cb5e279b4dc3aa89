import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Database } from "../../src/db.ts";
import { openDatabase } from "../../src/db.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { emptyDir, run } from "../helpers/processes.ts";
import {
  createServerTestDatabase,
  createTestConfig,
  usesExternalDatabase,
} from "../helpers/test-database.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

// The CLI reaches the database by URL: only with an external test database.
describe.skipIf(!usesExternalDatabase)("fitness export and fitness import export", () => {
  let env: Record<string, string>;
  let db: Database;
  let drop: () => Promise<void>;
  const cli = (args: string[]) => run([process.execPath, MAIN, ...args], env);

  beforeAll(async () => {
    const server = await createServerTestDatabase();
    drop = server.drop;
    env = {
      SERVICE_FITNESS_DATABASE_URL: server.url,
      SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-export-cli-"),
      SERVICE_FITNESS_API_ENCRYPTION_KEY: "a".repeat(64),
      BETTER_AUTH_SECRET: "test-secret-".padEnd(40, "x"),
      SERVICE_FITNESS_LOG_LEVEL: "silent",
    };
    db = await openDatabase(createTestConfig(env));
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await drop();
  });

  test("exports one account to a file and imports it into another, once", async () => {
    const a = await createUserAccount(db, {
      email: "a@example.test",
      password: "correct horse battery",
      name: "A",
    });
    const b = await createUserAccount(db, {
      email: "b@example.test",
      password: "correct horse battery",
      name: "B",
    });
    await db.withUser(
      a.id,
      (tx) => tx`
      insert into water_entries (user_id, entry_date, water_ml, source, source_key)
      values (${a.id}, '2026-01-02', 750, 'manual', 'k1'), (${a.id}, '2026-01-03', 500, 'manual', 'k2')`,
    );
    const output = join(env.SERVICE_FITNESS_DATA_DIR!, "a.zip");

    const exported = await cli(["export", "--email", "a@example.test", "--output", output]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(`written to ${output}`);

    const imported = await cli(["import", "export", "--email", "b@example.test", output]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("water_entries: 2 added, 0 skipped of 2");
    const again = await cli(["import", "export", "--email", "b@example.test", output]);
    expect(again.stdout).toContain("water_entries: 0 added, 2 skipped of 2");

    const rows = await db.owner<{ entry_date: string; water_ml: number }[]>`
      select entry_date::text, water_ml from water_entries where user_id = ${b.id} order by entry_date`;
    expect([...rows]).toEqual([
      { entry_date: "2026-01-02", water_ml: 750 },
      { entry_date: "2026-01-03", water_ml: 500 },
    ]);
  });

  test("a file that is not an export is refused with exit 1", async () => {
    const bogus = join(env.SERVICE_FITNESS_DATA_DIR!, "bogus.zip");
    await Bun.write(bogus, "not a zip");
    const result = await cli(["import", "export", "--email", "a@example.test", bogus]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Import refused: The file is not a readable zip archive.");
  });
});
