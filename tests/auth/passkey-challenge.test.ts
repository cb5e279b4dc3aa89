import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { post } from "../helpers/two-factor.ts";

let ctx: TestContext;
let off: TestContext;

beforeAll(async () => {
  [ctx, off] = await Promise.all([
    createTestContext({ SERVICE_FITNESS_PUBLIC_URL: "https://fitness.example.test" }),
    createTestContext(),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), off.close()]);
});

// Shaped like a browser's answer; the challenge is checked before any signature.
const assertion = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};

test("the relying party comes from the public URL", async () => {
  const user = await ctx.createUser();
  const start = await post(ctx, "/api/auth/passkey/generate-register-options", {}, user);
  const { options } = (await start.json()) as { options: { rp: { id: string } } };
  expect(options.rp.id).toBe("fitness.example.test");
});

test("an expired challenge is refused and opens no session", async () => {
  const start = await post(ctx, "/api/auth/passkey/generate-authenticate-options", {});
  const { challengeId } = (await start.json()) as { challengeId: string };
  await ctx.db.owner`
    update auth_challenges set expires_at = now() - interval '1 second' where id = ${challengeId}`;
  const answer = await post(ctx, "/api/auth/passkey/verify-authentication", {
    challengeId,
    response: assertion,
  });
  expect(answer.status).toBe(401);
  expect(answer.headers.getSetCookie()).toEqual([]);
  expect(await answer.json()).toEqual({
    error: "Passkey verification failed or the challenge has expired.",
  });
});

test("an unknown credential is refused", async () => {
  const start = await post(ctx, "/api/auth/passkey/generate-authenticate-options", {});
  const { challengeId } = (await start.json()) as { challengeId: string };
  const answer = await post(ctx, "/api/auth/passkey/verify-authentication", {
    challengeId,
    response: assertion,
  });
  expect(answer.status).toBe(401);
});

test("without a public URL passkeys say they are off", async () => {
  const answer = await post(off, "/api/auth/passkey/generate-authenticate-options", {});
  expect(answer.status).toBe(400);
  expect(await answer.json()).toEqual({
    error: "Passkeys need SERVICE_FITNESS_PUBLIC_URL to be set.",
  });
});
