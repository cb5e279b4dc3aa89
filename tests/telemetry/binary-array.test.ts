import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import type { Tx } from "../../src/db.ts";
import { arrayParameter, encodeArray, offsetsParameter } from "../../src/telemetry/binary-array.ts";

let ctx: TestContext;
let userId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await ctx.createUser()).id;
}, 60_000);
afterAll(() => ctx.close());

const asApp = <T>(fn: (tx: Tx) => Promise<T>) => ctx.db.withUser(userId, fn);

// Results come back as JSON: postgres.js reads a NULL element of a float array as NaN.

/** The same values as array text, which PostgreSQL parses itself: the reference. */
const arrayText = (values: readonly (number | null)[]) =>
  `{${values.map((v) => (v === null ? "NULL" : v)).join(",")}}`;

describe("numeric arrays sent as binary parameters", () => {
  test("double precision[] keeps every double exactly, nulls included", async () => {
    const values = [0, -0.5, 51.50123456789012, 1e-300, -1.7976931348623157e308, null, 42];
    const [row] = await asApp(
      (tx) => tx<{ back: (number | null)[]; dims: string; same: boolean }[]>`
        select array_to_json(${arrayParameter(tx, values, "float8")}) as back,
               array_dims(${arrayParameter(tx, values, "float8")}) as dims,
               ${arrayParameter(tx, values, "float8")} = ${arrayText(values)}::float8[] as same`,
    );
    expect(row!.back).toEqual(values);
    expect(row!.dims).toBe("[1:7]");
    expect(row!.same).toBe(true);
  });

  test("real[] holds each value rounded to the nearest float32", async () => {
    const values = [72.4, null, 0.1, 180, -3.3333333333];
    const [row] = await asApp(
      (tx) => tx<{ widened: (number | null)[]; same: boolean }[]>`
        select array_to_json(${arrayParameter(tx, values, "float4")}::float8[]) as widened,
               ${arrayParameter(tx, values, "float4")} = ${arrayText(values)}::real[] as same`,
    );
    expect(row!.widened).toEqual(values.map((v) => (v === null ? null : Math.fround(v))));
    expect(row!.same).toBe(true);
  });

  test("integer[] offsets are whole milliseconds after the base; an empty array is empty", async () => {
    const base = Date.parse("2026-11-01T07:00:00Z");
    const times = [base, base + 999.9, base + 86_400_000, base - 1_000];
    const [row] = await asApp(
      (tx) => tx<{ offsets: number[]; empty: number[]; emptyDims: string | null }[]>`
        select ${offsetsParameter(tx, times, base)} as offsets,
               ${arrayParameter(tx, [], "int4")} as empty,
               array_dims(${arrayParameter(tx, [], "float4")}) as "emptyDims"`,
    );
    expect(row!.offsets).toEqual([0, 999, 86_400_000, -1_000]);
    expect(row!.empty).toEqual([]);
    expect(row!.emptyDims).toBeNull();
  });

  test("text and bytea parameters in the same statement are unchanged", async () => {
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const [row] = await asApp(
      (tx) => tx<{ label: string; blob: Uint8Array; sum: number }[]>`
        select ${"café"}::text as label, ${bytes}::bytea as blob,
               (select sum(v)::float8 from unnest(${arrayParameter(tx, [1.5, 2.5], "float8")}) v) as sum`,
    );
    expect(row!.label).toBe("café");
    expect([...row!.blob]).toEqual([0, 1, 254, 255]);
    expect(row!.sum).toBe(4);
  });

  test("an element of the wrong width is refused by PostgreSQL, not stored", async () => {
    const float4Elements = encodeArray([1, 2], "float4");
    const DOUBLE_ARRAY_OID = 1022;
    await expect(
      asApp((tx) => tx`select ${tx.typed(float4Elements, DOUBLE_ARRAY_OID)}`),
    ).rejects.toThrow(/element type 700 \(real\) instead of expected 701/);
  });
});
