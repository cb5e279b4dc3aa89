import { describe, expect, test } from "bun:test";
import { isoInstants } from "../../src/lib/iso-instants.ts";

describe("isoInstants", () => {
  test("writes every instant exactly as toISOString does", () => {
    const bases = [
      Date.UTC(2026, 2, 1),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(1969, 11, 31, 23, 0, 0, 1),
      Date.UTC(2024, 1, 29, 12),
      Date.UTC(-1, 0, 1),
      Date.UTC(10_000, 0, 1),
      0,
    ];
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
    for (const base of bases) {
      const offsets = [0, 1, -1, 999, 1000, 86_399_999, 86_400_000, -86_400_000];
      for (let i = 0; i < 500; i++) offsets.push(Math.round(random() * 3 * 86_400_000));
      offsets.sort((a, b) => a - b);
      const expected = offsets.map((offset) => new Date(base + offset).toISOString());
      expect(isoInstants(base, offsets)).toEqual(expected);
    }
  });

  test("no offsets, no instants", () => {
    expect(isoInstants(Date.UTC(2026, 0, 1), [])).toEqual([]);
  });
});
