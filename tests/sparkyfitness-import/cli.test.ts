import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { emptyDir, run } from "../helpers/processes.ts";
import { createScratchPostgres } from "../helpers/scratch-postgres.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { realFixtureAvailable, restoreRealFixture } from "./real-fixture.ts";
import { ALICE, seedSource } from "./seed.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const cli = (args: string[], env: Record<string, string>) =>
  run([process.execPath, MAIN, ...args], {
    SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-cli-"),
    ...env,
  });

test("fitness import without a known kind is a usage error", async () => {
  const { code, stderr } = await cli(["import", "elsewhere"], {});
  expect(code).toBe(2);
  expect(stderr).toContain("fitness import sparkyfitness --source");
});

test("the other server's key must be 64 hex or 44 base64 characters", async () => {
  const args = ["import", "sparkyfitness", "--source", "postgres://x@127.0.0.1/none"];
  const { code, stderr } = await cli([...args, "--api-key-secret", "abc"], {});
  expect(code).toBe(2);
  expect(stderr).toContain("--api-key-secret must be 64 hexadecimal or 44 base64 characters");
});

// The command runs as its own process against a database it reaches by URL.
describe.skipIf(!usesExternalDatabase)("fitness import sparkyfitness", () => {
  let target: Awaited<ReturnType<typeof createServerTestDatabase>>;
  let source: Awaited<ReturnType<typeof createScratchPostgres>>;
  const uploads = emptyDir("sparky-cli-uploads-");

  beforeAll(async () => {
    [target, source] = await Promise.all([createServerTestDatabase(), createScratchPostgres()]);
    await seedSource(source.url, uploads);
  }, 60_000);
  afterAll(async () => {
    await target.drop();
    await source.close();
  });

  test("a dry run prints a line per table and user, the summary, and writes nothing", async () => {
    const args = ["import", "sparkyfitness", "--source", source.url, "--uploads", uploads];
    const env = { SERVICE_FITNESS_DATABASE_URL: target.url };
    const { code, stdout } = await cli([...args, "--dry-run", "--only", ALICE.email], env);
    expect(code).toBe(0);
    expect(stdout).toContain(
      `${ALICE.email}  check_in_measurements: 2 read, 2 written, 0 updated, 0 skipped`,
    );
    expect(stdout).toContain("Dry run: nothing was written.");
    expect(stdout).toContain("Needs your action:");
    const listed = await cli(["user", "list", "--json"], env);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  }, 60_000);
});

describe.skipIf(!realFixtureAvailable)(
  "fitness import sparkyfitness against the real 1.6.2 data",
  () => {
    test("a URL with that server's application role fails with the role to use, writing nothing", async () => {
      const [target, real] = await Promise.all([createServerTestDatabase(), restoreRealFixture()]);
      try {
        const env = { SERVICE_FITNESS_DATABASE_URL: target.url };
        const args = ["import", "sparkyfitness", "--source", real.appRoleUrl];
        const { code, stderr } = await cli([...args, "--uploads", real.uploads], env);
        expect(code).toBe(1);
        expect(stderr).toContain('The source connects as "sparky_app"');
        expect(stderr).toContain("connect as the database owner");
        const listed = await cli(["user", "list", "--json"], env);
        expect(JSON.parse(listed.stdout)).toEqual([]);
      } finally {
        await Promise.all([target.drop(), real.close()]);
      }
    }, 60_000);
  },
);
