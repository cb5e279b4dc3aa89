import { afterEach, expect, setSystemTime, test } from "bun:test";
import { createLoadCache } from "../../src/lib/load-cache.ts";

afterEach(() => setSystemTime());

/** A loader that counts its calls and answers `key#call`. */
function counting() {
  const calls: string[] = [];
  const load = (key: string) => async () => {
    calls.push(key);
    return `${key}#${calls.length}`;
  };
  return { calls, load };
}

test("callers asking during a load share it", async () => {
  const cache = createLoadCache<string>({ ttlMs: 1000, maxEntries: 4 });
  let finish!: (value: string) => void;
  let loads = 0;
  const slow = () => {
    loads++;
    return new Promise<string>((resolve) => (finish = resolve));
  };
  const first = cache.get("a", slow);
  const second = cache.get("a", slow);
  finish("list");
  expect(await Promise.all([first, second])).toEqual(["list", "list"]);
  expect(loads).toBe(1);
});

test("a value is kept for its time to live, then loaded again", async () => {
  const cache = createLoadCache<string>({ ttlMs: 1000, maxEntries: 4 });
  const { calls, load } = counting();
  setSystemTime(new Date("2026-01-01T00:00:00Z"));
  expect(await cache.get("a", load("a"))).toBe("a#1");
  setSystemTime(new Date("2026-01-01T00:00:00.999Z"));
  expect(await cache.get("a", load("a"))).toBe("a#1");
  setSystemTime(new Date("2026-01-01T00:00:01Z"));
  expect(await cache.get("a", load("a"))).toBe("a#2");
  expect(calls).toEqual(["a", "a"]);
});

test("a failed load is forgotten", async () => {
  const cache = createLoadCache<string>({ ttlMs: 1000, maxEntries: 4 });
  await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  expect(await cache.get("a", async () => "up")).toBe("up");
});

test("past the bound, the least recently used key goes", async () => {
  const cache = createLoadCache<string>({ ttlMs: 1000, maxEntries: 2 });
  const { calls, load } = counting();
  await cache.get("a", load("a"));
  await cache.get("b", load("b"));
  await cache.get("a", load("a")); // a used last: b is the oldest
  await cache.get("c", load("c"));
  await cache.get("a", load("a"));
  await cache.get("b", load("b"));
  expect(calls).toEqual(["a", "b", "c", "b"]);
});
