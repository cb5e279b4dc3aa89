import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { RestoreRefused, verifyBackup } from "../../src/operations/verify-backup.ts";
import { emptyDir, freePort, run } from "../helpers/processes.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataDir(): string {
  const dir = emptyDir("fitness-startup-");
  dirs.push(dir);
  return dir;
}

const cli = (args: string[], env: Record<string, string> = {}) =>
  run([process.execPath, MAIN, ...args], { SERVICE_FITNESS_DATA_DIR: dataDir(), ...env });

/** Exit code 1 and one line on stderr, without a stack trace. */
async function failsWith(args: string[], env: Record<string, string> = {}) {
  const { code, stderr } = await cli(args, env);
  expect(code).toBe(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return stderr.trim();
}

const DATABASE = "SERVICE_FITNESS_DATABASE_URL";

describe("start-up errors name the setting and the fix", () => {
  test("an unknown database host", async () => {
    const message = await failsWith(["migrate"], {
      [DATABASE]: "postgres://fit:secret@no-such-host.invalid:5432/fitness",
    });
    expect(message).toStartWith(
      `Error: Cannot use the database in ${DATABASE} (no-such-host.invalid:5432): the host name "no-such-host.invalid" was not found.`,
    );
    expect(message).not.toContain("secret");
  });

  test("nothing listening, a database or role that does not exist", async () => {
    const port = freePort();
    expect(
      await failsWith(["migrate"], { [DATABASE]: `postgres://fit:secret@127.0.0.1:${port}/x` }),
    ).toBe(
      `Error: Cannot use the database in ${DATABASE} (127.0.0.1:${port}): nothing accepts connections there. Start PostgreSQL, or fix the host and port in ${DATABASE}.`,
    );
    const server = process.env.SERVICE_FITNESS_TEST_DATABASE_URL;
    if (!server) return;
    const missing = new URL(server);
    missing.pathname = "/no_such_database";
    expect(await failsWith(["migrate"], { [DATABASE]: missing.href })).toEndWith(
      `: the database "no_such_database" does not exist. Create it (createdb no_such_database) or fix its name in ${DATABASE}.`,
    );
    const stranger = new URL(server);
    stranger.username = "no_such_role";
    stranger.password = "secret";
    const refused = await failsWith(["migrate"], { [DATABASE]: stranger.href });
    expect(refused).toContain(": PostgreSQL refused the user name or password");
    expect(refused).not.toContain("secret");
  });

  test("an unencoded # in the password", async () => {
    const message = await failsWith(["migrate"], {
      [DATABASE]: "postgres://fit:pa#ss@localhost:5432/fitness",
    });
    expect(message).toBe(
      `Configuration error: ${DATABASE}: is not a valid URL: percent-encode special characters in the user name and password (# as %23, / as %2F, ? as %3F, @ as %40, : as %3A, % as %25)`,
    );
  });

  test("a server that accepts connections and never answers", async () => {
    const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    try {
      const message = await failsWith(["migrate"], {
        [DATABASE]: `postgres://fit:secret@127.0.0.1:${silent.port}/fitness`,
      });
      expect(message).toStartWith(
        `Error: Cannot use the database in ${DATABASE} (127.0.0.1:${silent.port}): no answer from PostgreSQL within the connection timeout.`,
      );
    } finally {
      silent.stop(true);
    }
  }, 60_000);

  test("a trusted proxy list that is not addresses and ranges", async () => {
    for (const value of ["10.0.0.0/33", "notacidr"]) {
      const message = await failsWith(["config"], { SERVICE_FITNESS_TRUSTED_PROXIES: value });
      expect(message).toStartWith(
        `Configuration error: SERVICE_FITNESS_TRUSTED_PROXIES: "${value}" is not an IP address or CIDR range`,
      );
    }
  });

  test("restore of a missing file or of a directory", async () => {
    const dir = dataDir();
    expect(await failsWith(["restore", join(dir, "missing.tar.gz")])).toBe(
      `Error: No backup file at ${join(dir, "missing.tar.gz")}.`,
    );
    expect(await failsWith(["restore", dir])).toBe(
      `Error: ${dir} is not a file: name the backup archive (.tar.gz) itself.`,
    );
    // Below the command, the archive reader reports a file it cannot read instead of waiting.
    await expect(verifyBackup(dir, () => {})).rejects.toThrow(RestoreRefused);
    await expect(verifyBackup(join(dir, "missing"), () => {})).rejects.toThrow(
      "The backup cannot be read: ENOENT",
    );
  });
});

/** `fitness serve` on the embedded database until it listens; its log lines. */
async function serveOnce(dir: string): Promise<string[]> {
  const proc = Bun.spawn([process.execPath, MAIN, "serve"], {
    env: {
      PATH: process.env.PATH ?? "",
      SERVICE_FITNESS_DATA_DIR: dir,
      SERVICE_FITNESS_SERVER_HOST: "127.0.0.1",
      SERVICE_FITNESS_SERVER_PORT: "0",
    },
    stdout: "pipe",
    stderr: "inherit",
  });
  const lines: string[] = [];
  let pending = "";
  const decoder = new TextDecoder();
  for await (const chunk of proc.stdout) {
    pending += decoder.decode(chunk);
    const complete = pending.split("\n");
    pending = complete.pop()!;
    lines.push(...complete.map((line) => JSON.parse(line).msg as string));
    if (lines.includes("server listening")) break;
  }
  // Right after that line, before serve handles SIGTERM, the signal's default ends it too.
  proc.kill("SIGTERM");
  await proc.exited;
  return lines;
}

test("the first embedded start says it is initialising; later starts do not", async () => {
  const dir = dataDir();
  const initialising =
    "initialising the embedded database: the first start can take a minute on a busy machine";
  const first = await serveOnce(dir);
  expect(first.indexOf(initialising)).toBeGreaterThanOrEqual(0);
  expect(first.indexOf(initialising)).toBeLessThan(first.indexOf("server listening"));
  const second = await serveOnce(dir);
  expect(second).toContain("server listening");
  expect(second).not.toContain(initialising);
}, 180_000);
