import { expect, test } from "bun:test";
import { cachedCredential, forgetCredentials } from "../../src/credentials/credential-cache.ts";

const key = () => `test:${crypto.randomUUID()}`;

test("an admitted credential is looked up once; a refused one every time", async () => {
  const k = key();
  let lookups = 0;
  const load = async () => ({ id: ++lookups });
  expect(await cachedCredential(k, load, () => true)).toEqual({ id: 1 });
  expect(await cachedCredential(k, load, () => true)).toEqual({ id: 1 });
  const refused = key();
  await cachedCredential(refused, load, () => false);
  expect(await cachedCredential(refused, load, () => false)).toEqual({ id: 3 });
});

test("forgetting drops every entry, and a lookup that began before it is not kept", async () => {
  const k = key();
  let lookups = 0;
  const load = async () => ({ id: ++lookups });
  await cachedCredential(k, load, () => true);
  forgetCredentials();
  expect(await cachedCredential(k, load, () => true)).toEqual({ id: 2 });

  const racing = key();
  let release!: () => void;
  const slow = cachedCredential(
    racing,
    () => new Promise<{ id: number }>((resolve) => (release = () => resolve({ id: 99 }))),
    () => true,
  );
  forgetCredentials();
  release();
  expect(await slow).toEqual({ id: 99 });
  expect(await cachedCredential(racing, load, () => true)).toEqual({ id: 3 });
});
