/**
 * Deterministic generators of plausible and malformed request parts, guided by the
 * OpenAPI schemas: a value that fits the schema, then mutated (wrong type, out of range,
 * missing required fields, hostile strings) with a fixed-seed PRNG.
 */

export type Schema = Record<string, any>;

/** mulberry32: small, fast and the same sequence for the same seed on every run. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof createRandom>;

export const HOSTILE_STRINGS = [
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "-0",
  "99999999999999999999999",
  "2026-02-30",
  "2026-13-01",
  "0000-00-00",
  "9999-12-31",
  "2026-03-01T25:61:00Z",
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "../../etc/passwd",
  "..%2F..%2Fsecrets",
  "%00",
  "\u0000",
  "' or 1=1 --",
  '"; drop table users; --',
  "<script>alert(1)</script>",
  "${7*7}",
  "😀🏃‍♀️",
  "\ud800",
  "a".repeat(5000),
  "Europe/Nowhere",
  "true",
  "[]",
  "{}",
];

const HOSTILE_VALUES = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [null],
  { "": null },
  { __proto__: { admin: true } },
  "a".repeat(20000),
];

/** Resolves `$ref: #/components/schemas/X` against the document. */
export function resolve(doc: Schema, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && s.$ref; i++) {
    s = doc.components?.schemas?.[String(s.$ref).split("/").pop()!] ?? {};
  }
  return s;
}

/** A value that fits the schema (roughly), to be mutated afterwards. */
export function validValue(doc: Schema, schema: Schema | undefined, r: Random, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (depth > 5) return null;
  const options = s.anyOf ?? s.oneOf;
  if (options) return validValue(doc, r.pick(options as Schema[]), r, depth + 1);
  if (s.allOf) return validValue(doc, s.allOf[0], r, depth + 1);
  if (s.enum) return r.pick(s.enum as unknown[]);
  if ("const" in s) return s.const;
  const type = Array.isArray(s.type) ? r.pick(s.type as string[]) : s.type;
  switch (type) {
    case "string":
      if (s.format === "date") return `2026-0${r.int(1, 9)}-1${r.int(0, 9)}`;
      if (s.format === "date-time") return new Date(Date.UTC(2026, 2, r.int(1, 28))).toISOString();
      if (s.format === "uuid") return crypto.randomUUID();
      if (s.format === "email") return `fuzz${r.int(0, 1e6)}@example.test`;
      return r.pick(["Running", "water", "note", "Europe/Berlin", "abc"]);
    case "integer":
      return r.int(s.minimum ?? 0, Math.min(s.maximum ?? 100, 1e6));
    case "number":
      return (s.minimum ?? 0) + r.next() * Math.min((s.maximum ?? 100) - (s.minimum ?? 0), 1e6);
    case "boolean":
      return r.chance(0.5);
    case "null":
      return null;
    case "array":
      return Array.from({ length: r.int(0, 3) }, () => validValue(doc, s.items, r, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [key, prop] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (required.has(key) || r.chance(0.5)) out[key] = validValue(doc, prop, r, depth + 1);
      }
      return out;
    }
  }
}

/** A malformed version of `value`: one or more fields broken, dropped or added. */
export function mutate(value: unknown, r: Random, depth = 0): unknown {
  if (depth > 4 || r.chance(0.15)) return hostileValue(r);
  if (Array.isArray(value)) {
    if (r.chance(0.2)) return Array.from({ length: r.int(50, 3000) }, () => value[0] ?? 1);
    return value.map((v) => (r.chance(0.5) ? mutate(v, r, depth + 1) : v));
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(out);
    for (const key of keys) {
      if (r.chance(0.2)) delete out[key];
      else if (r.chance(0.4)) out[key] = mutate(out[key], r, depth + 1);
    }
    if (r.chance(0.2))
      out[r.pick(["id", "user_id", "extra", "__proto__", "constructor"])] = hostileValue(r);
    return out;
  }
  return hostileValue(r);
}

export function hostileValue(r: Random): unknown {
  return r.chance(0.5) ? r.pick(HOSTILE_STRINGS) : r.pick(HOSTILE_VALUES);
}

/** A path or query parameter: usually hostile, sometimes a fitting value. */
export function paramValue(doc: Schema, schema: Schema | undefined, r: Random): string {
  if (r.chance(0.3)) return String(validValue(doc, schema, r));
  return r.pick(HOSTILE_STRINGS);
}
