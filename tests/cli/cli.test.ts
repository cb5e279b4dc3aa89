import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { emptyDir, run } from "../helpers/processes.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const cli = (args: string[], env: Record<string, string> = {}) =>
  run([process.execPath, MAIN, ...args], {
    SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-cli-"),
    ...env,
  });

describe("CLI", () => {
  test("version prints the version", async () => {
    const { code, stdout } = await cli(["version"]);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test("usage errors exit 2 on stderr", async () => {
    for (const args of [
      ["frobnicate"],
      ["user", "create", "--email", "a@b.c"],
      ["user", "list", "--bogus"],
      ["user"],
    ]) {
      const { code, stderr, stdout } = await cli(args);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stderr).toContain("Usage");
      expect(stdout).toBe("");
    }
  });

  test("an invalid configuration exits 1 naming the variable", async () => {
    const { code, stderr } = await cli(["config"], {
      SERVICE_FITNESS_API_ENCRYPTION_KEY: "nothex",
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      "Configuration error: SERVICE_FITNESS_API_ENCRYPTION_KEY: must be 64 hexadecimal characters",
    );
  });

  test("config prints the effective configuration with secrets masked", async () => {
    const key = "ab".repeat(32);
    const vapidKey = "cd".repeat(32);
    const { code, stdout } = await cli(["config"], {
      SERVICE_FITNESS_API_ENCRYPTION_KEY: key,
      SERVICE_FITNESS_VAPID_PRIVATE_KEY: vapidKey,
      SERVICE_FITNESS_DATABASE_URL: "postgres://fit:hunter2@db.example:5432/fitness",
      SERVICE_FITNESS_SERVER_PORT: "4000",
    });
    expect(code).toBe(0);
    const shown = JSON.parse(stdout);
    expect(shown.port).toBe(4000);
    expect(shown.apiEncryptionKey).toBe("********");
    expect(shown.authSecret).toBe("********");
    expect(shown.databaseUrl).toBe("postgres://fit:********@db.example:5432/fitness");
    expect(shown.push.privateKey).toBe("********");
    expect(shown.push.publicKey).toMatch(/^[\w-]{87}$/);
    expect(stdout).not.toContain(key);
    expect(stdout).not.toContain(Buffer.from(vapidKey, "hex").toString("base64url"));
    expect(stdout).not.toContain("hunter2");
  });

  test("healthcheck exits 1 when nothing answers", async () => {
    const { code, stderr } = await cli(["healthcheck"], { SERVICE_FITNESS_SERVER_PORT: "1" });
    expect(code).toBe(1);
    expect(stderr).toContain("not reachable");
  });
});
