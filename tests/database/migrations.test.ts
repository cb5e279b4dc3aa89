import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { migrations } from "../../src/database/migrations.ts";

const SQL_DIR = join(import.meta.dir, "..", "..", "sql");

describe("migrations", () => {
  test("the embedded list is exactly the sql/ directory, numbered contiguously", () => {
    const files = readdirSync(SQL_DIR)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    expect(migrations.map((m) => `${m.name}.sql`)).toEqual(files);
    migrations.forEach((m, i) => {
      expect(m.version).toBe(i + 1);
      expect(m.name.startsWith(String(i + 1).padStart(5, "0") + "_")).toBe(true);
      expect(m.sql).toBe(readFileSync(join(SQL_DIR, `${m.name}.sql`), "utf8"));
    });
  });
});
