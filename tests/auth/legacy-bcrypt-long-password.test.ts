import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { forgetCredentials } from "../../src/credentials/credential-cache.ts";
import { signIn, uniqueIp, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

// A 90-byte password with emoji, as the second real database had; bcrypt reads 72 of them.
const LONG = "Correct horse 🐎 battery staple 🔋 and a long tail of words 📎 to pass 72! plus more";
const bytes = (s: string) => new TextEncoder().encode(s);
const first72 = new TextDecoder().decode(bytes(LONG).subarray(0, 72));

/** An account whose password came over from SparkyFitness as bcryptjs wrote it. */
async function carriedOverAccount(password: string) {
  const user = await ctx.createUser();
  const hash = await Bun.password.hash(bytes(password).subarray(0, 72), {
    algorithm: "bcrypt",
    cost: 4,
  });
  await ctx.db.owner`update users set password_hash = ${hash} where id = ${user.id}`;
  forgetCredentials();
  return { ...user, hash };
}

const storedHash = async (id: string) =>
  (
    await ctx.db.owner<
      { password_hash: string }[]
    >`select password_hash from users where id = ${id}`
  )[0]!.password_hash;
const attempt = (email: string, password: string) => signIn(ctx, { email, password }, uniqueIp());

describe("a carried-over bcrypt hash of a password longer than 72 bytes", () => {
  test("its first 72 bytes plus any tail sign in but never replace the hash", async () => {
    expect(bytes(LONG).length).toBe(90);
    expect(bytes(first72).length).toBe(72);
    const user = await carriedOverAccount(LONG);
    expect((await attempt(user.email, `${first72}anything`)).status).toBe(200);
    expect((await attempt(user.email, first72)).status).toBe(200);
    expect(await storedHash(user.id)).toBe(user.hash);
    // The real password still works, and even it does not re-hash: 72 bytes prove no more.
    expect((await attempt(user.email, LONG)).status).toBe(200);
    expect(await storedHash(user.id)).toBe(user.hash);
    expect((await attempt(user.email, LONG)).status).toBe(200);
    expect((await attempt(user.email, first72.slice(0, -1))).status).toBe(401);
  });

  test("changing the password ends bcrypt's rule for the account", async () => {
    const user = await carriedOverAccount(LONG);
    const { token } = await (await attempt(user.email, LONG)).json();
    const changed = await ctx.request(
      "/api/identity/update-password",
      jsonRequest("POST", token, { currentPassword: LONG, newPassword: `${LONG} v2` }),
    );
    expect(changed.status).toBe(200);
    expect(await storedHash(user.id)).toStartWith("$argon2id$");
    expect((await attempt(user.email, `${LONG} v2`)).status).toBe(200);
    expect((await attempt(user.email, `${first72}anything`)).status).toBe(401);
  });

  test("a password under 72 bytes is proven whole and re-hashed at sign-in", async () => {
    const short = "short enough 🙂";
    const user = await carriedOverAccount(short);
    expect((await attempt(user.email, short)).status).toBe(200);
    expect(await storedHash(user.id)).toStartWith("$argon2id$");
    expect((await attempt(user.email, short)).status).toBe(200);
  });
});
