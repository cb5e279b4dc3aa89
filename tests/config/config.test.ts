import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createECDH } from "node:crypto";
import { ConfigError, loadConfig } from "../../src/config.ts";

const KEY = "0123456789abcdef".repeat(4);

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "fitness-config-"));
}

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig({ SERVICE_FITNESS_DATA_DIR: tempDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

describe("configuration", () => {
  test("defaults", () => {
    const dir = tempDir();
    const config = loadConfig({ SERVICE_FITNESS_DATA_DIR: dir });
    expect(config.port).toBe(3010);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(dir);
    expect(config.uploadsDir).toBe(join(dir, "uploads"));
    expect(config.publicApiDocs).toBe(false);
    expect(config.apiKeyRateLimit).toEqual({ windowMs: 60000, max: 100 });
    expect(config.signInRateLimit).toEqual({ windowSeconds: 60, max: 4 });
    expect(config.trustedProxyHops).toBe(1);
    expect(Object.isFrozen(config)).toBe(true);
  });

  test("an encryption key that is not 64 hex characters names the variable and the rule", () => {
    expect(errorOf({ SERVICE_FITNESS_API_ENCRYPTION_KEY: "abc" })).toBe(
      "SERVICE_FITNESS_API_ENCRYPTION_KEY: must be 64 hexadecimal characters",
    );
    expect(errorOf({ SERVICE_FITNESS_API_ENCRYPTION_KEY: "g".repeat(64) })).toStartWith(
      "SERVICE_FITNESS_API_ENCRYPTION_KEY:",
    );
  });

  test("other invalid values name their variable", () => {
    expect(errorOf({ SERVICE_FITNESS_SERVER_PORT: "seventy" })).toStartWith(
      "SERVICE_FITNESS_SERVER_PORT:",
    );
    expect(errorOf({ SERVICE_FITNESS_PUBLIC_API_DOCS: "yes" })).toBe(
      "SERVICE_FITNESS_PUBLIC_API_DOCS: must be true or false",
    );
    expect(errorOf({ SERVICE_FITNESS_DATABASE_URL: "mysql://x" })).toStartWith(
      "SERVICE_FITNESS_DATABASE_URL:",
    );
    expect(errorOf({ BETTER_AUTH_SECRET: "short" })).toStartWith("BETTER_AUTH_SECRET:");
  });

  test("a database URL whose password needs percent-encoding is refused, never shown", () => {
    const refused = errorOf({ SERVICE_FITNESS_DATABASE_URL: "postgres://fit:se#cret@db/fitness" });
    expect(refused).toStartWith("SERVICE_FITNESS_DATABASE_URL: is not a valid URL: percent-encode");
    expect(refused).not.toContain("se#cret");
    // Digits after the '#' would even parse, as another host ("fit") and port.
    for (const password of ["12#3", "12/3", "pa/ss"]) {
      const url = `postgres://fit:${password}@db/x`;
      expect(errorOf({ SERVICE_FITNESS_DATABASE_URL: url })).toStartWith(
        "SERVICE_FITNESS_DATABASE_URL: is not a valid URL",
      );
    }
    const encoded = "postgres://fit:se%23cret@db/fitness";
    const config = loadConfig({
      SERVICE_FITNESS_DATA_DIR: tempDir(),
      SERVICE_FITNESS_DATABASE_URL: encoded,
    });
    expect(config.databaseUrl).toBe(encoded);
    const socket = "postgres:///fitness?host=/var/run/postgresql";
    expect(
      loadConfig({ SERVICE_FITNESS_DATA_DIR: tempDir(), SERVICE_FITNESS_DATABASE_URL: socket })
        .databaseUrl,
    ).toBe(socket);
  });

  test("trusted proxies are addresses and CIDR ranges, each checked", () => {
    const list = " 10.0.0.0/8, 192.168.1.1 ,fd00::/8,::1 ";
    const config = loadConfig({
      SERVICE_FITNESS_DATA_DIR: tempDir(),
      SERVICE_FITNESS_TRUSTED_PROXIES: list,
    });
    expect(config.trustedProxies).toEqual(["10.0.0.0/8", "192.168.1.1", "fd00::/8", "::1"]);
    for (const wrong of [
      "10.0.0.0/33",
      "notacidr",
      "fd00::/129",
      "10.0.0.0/x",
      "10.1/8",
      "10.0.0.0/8/8",
    ]) {
      expect(errorOf({ SERVICE_FITNESS_TRUSTED_PROXIES: `127.0.0.1,${wrong}` })).toStartWith(
        `SERVICE_FITNESS_TRUSTED_PROXIES: "${wrong}" is not an IP address or CIDR range`,
      );
    }
    expect(errorOf({ SERVICE_FITNESS_TRUSTED_PROXIES: " , " })).toStartWith(
      "SERVICE_FITNESS_TRUSTED_PROXIES: is empty",
    );
  });

  test("_FILE variants are read and trimmed", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "key"), `  ${KEY.toUpperCase()}\n`);
    const config = loadConfig({
      SERVICE_FITNESS_DATA_DIR: dir,
      SERVICE_FITNESS_API_ENCRYPTION_KEY_FILE: join(dir, "key"),
    });
    expect(config.apiEncryptionKey).toBe(KEY);
  });

  test("a _FILE variant is validated like the value itself", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "key"), "not-hex\n");
    expect(errorOf({ SERVICE_FITNESS_API_ENCRYPTION_KEY_FILE: join(dir, "key") })).toBe(
      "SERVICE_FITNESS_API_ENCRYPTION_KEY: must be 64 hexadecimal characters",
    );
  });

  test("both a value and its _FILE, an empty file or a missing file are errors", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "empty"), " \n");
    writeFileSync(join(dir, "key"), KEY);
    expect(
      errorOf({
        SERVICE_FITNESS_API_ENCRYPTION_KEY: KEY,
        SERVICE_FITNESS_API_ENCRYPTION_KEY_FILE: join(dir, "key"),
      }),
    ).toContain("not both");
    expect(errorOf({ BETTER_AUTH_SECRET_FILE: join(dir, "empty") })).toBe(
      `BETTER_AUTH_SECRET_FILE: file ${join(dir, "empty")} is empty`,
    );
    expect(errorOf({ BETTER_AUTH_SECRET_FILE: join(dir, "missing") })).toStartWith(
      "BETTER_AUTH_SECRET_FILE: cannot read",
    );
  });

  test("unset secrets are generated once under the data dir and reused", () => {
    const dir = tempDir();
    const first = loadConfig({ SERVICE_FITNESS_DATA_DIR: dir });
    expect(first.generatedSecrets).toEqual([
      "SERVICE_FITNESS_API_ENCRYPTION_KEY",
      "BETTER_AUTH_SECRET",
      "SERVICE_FITNESS_VAPID_PRIVATE_KEY",
    ]);
    expect(first.apiEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
    const path = join(dir, "secrets", "service_fitness_api_encryption_key");
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, "utf8").trim()).toBe(first.apiEncryptionKey);
    const second = loadConfig({ SERVICE_FITNESS_DATA_DIR: dir });
    expect(second.apiEncryptionKey).toBe(first.apiEncryptionKey);
    expect(second.authSecret).toBe(first.authSecret);
    // The Web Push key pair: subscriptions made with the public key keep working.
    expect(second.push).toEqual(first.push);
    expect(Buffer.from(first.push.publicKey, "base64url")).toHaveLength(65);
    expect(existsSync(join(dir, "secrets", "service_fitness_vapid_private_key"))).toBe(true);
  });

  test("Web Push: a configured VAPID key gives its public key; a bad key or contact is refused", () => {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(KEY, "hex"));
    const config = loadConfig({
      SERVICE_FITNESS_DATA_DIR: tempDir(),
      SERVICE_FITNESS_VAPID_PRIVATE_KEY: KEY,
      SERVICE_FITNESS_EMAIL_FROM: "Fitness <reminders@example.org>",
    });
    expect(config.push).toEqual({
      publicKey: ecdh.getPublicKey().toString("base64url"),
      privateKey: Buffer.from(KEY, "hex").toString("base64url"),
      subject: "mailto:reminders@example.org",
    });
    expect(config.generatedSecrets).not.toContain("SERVICE_FITNESS_VAPID_PRIVATE_KEY");
    const https = loadConfig({
      SERVICE_FITNESS_DATA_DIR: tempDir(),
      SERVICE_FITNESS_PUBLIC_URL: "https://fitness.example.org",
    });
    expect(https.push.subject).toBe("https://fitness.example.org");
    // At or above the curve's order: no P-256 private key.
    expect(errorOf({ SERVICE_FITNESS_VAPID_PRIVATE_KEY: "f".repeat(64) })).toBe(
      "SERVICE_FITNESS_VAPID_PRIVATE_KEY: is not a P-256 private key",
    );
    expect(errorOf({ SERVICE_FITNESS_VAPID_SUBJECT: "http://fitness.example.org" })).toBe(
      "SERVICE_FITNESS_VAPID_SUBJECT: must be a mailto: address or an https:// URL",
    );
  });
});
