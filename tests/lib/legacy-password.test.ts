import { describe, expect, test } from "bun:test";
import {
  legacyHashFromSource,
  mayReplaceLegacyHash,
  passwordMatches,
} from "../../src/lib/legacy-password.ts";
import { sparkyHash } from "../sparkyfitness-import/seed.ts";

describe("password hashes carried over from SparkyFitness", () => {
  test("bcrypt as release 1.6.2 writes it (bcryptjs, $2a$) is kept and verified", async () => {
    // From the real 1.6.2 fixture: bob's password.
    const hash = "$2a$10$baqdXLxeg2I6vUZKRcOT6.a6RmAYfi.hfW3N9QiC9tJ87F359.RSu";
    const stored = legacyHashFromSource(hash)!;
    expect(stored).toBe(hash);
    expect(mayReplaceLegacyHash("Bob peer pass ÄÖü 42", stored)).toBe(true);
    expect(await passwordMatches("Bob peer pass ÄÖü 42", stored)).toBe(true);
    expect(await passwordMatches("Bob peer pass ÄÖü 43", stored)).toBe(false);
  });

  test("bcrypt reads the first 72 bytes of a longer password, as bcryptjs does", async () => {
    const long = "ü".repeat(40); // 80 bytes in UTF-8
    const first72 = new TextEncoder().encode(long).subarray(0, 72);
    const hash = await Bun.password.hash(first72, { algorithm: "bcrypt", cost: 4 });
    expect(await passwordMatches(long, legacyHashFromSource(hash)!)).toBe(true);
    expect(await passwordMatches(`${long}x`, legacyHashFromSource(hash)!)).toBe(true);
    expect(await passwordMatches("ü".repeat(35), legacyHashFromSource(hash)!)).toBe(false);
    expect(mayReplaceLegacyHash(long, hash)).toBe(false);
    expect(mayReplaceLegacyHash("ü".repeat(36), hash)).toBe(false); // exactly 72 bytes
    expect(mayReplaceLegacyHash("ü".repeat(35) + "x", hash)).toBe(true); // 71 bytes
  });

  test("better-auth's scrypt format is kept with its prefix and verified", async () => {
    const stored = legacyHashFromSource(sparkyHash("s3cret pässword"))!;
    expect(stored).toStartWith("sparky-scrypt:");
    expect(await passwordMatches("s3cret pässword", stored)).toBe(true);
    expect(await passwordMatches("s3cret password", stored)).toBe(false);
  });

  test("anything else is no hash, and this server's own hashes are not legacy", async () => {
    expect(legacyHashFromSource("md5:abcdef")).toBeNull();
    expect(legacyHashFromSource(null)).toBeNull();
    const ours = await Bun.password.hash("mine", { algorithm: "argon2id" });
    expect(mayReplaceLegacyHash("mine", ours)).toBe(false);
    expect(await passwordMatches("mine", ours)).toBe(true);
  });
});
