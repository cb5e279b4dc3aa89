import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createSession } from "../../src/credentials/sessions.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { makeAdmin } from "../helpers/accounts.ts";
import {
  createRandom,
  HOSTILE_STRINGS,
  mutate,
  paramValue,
  type Random,
  resolve,
  type Schema,
  validValue,
} from "./fuzz-values.ts";

/**
 * Every operation of the OpenAPI document gets CASES generated requests with malformed
 * bodies, parameters and headers (a fixed seed, so a failure reproduces). None may answer 5xx.
 */
const SEED = 20_260_301;
const CASES = 12;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

let ctx: TestContext;
let user: TestUser;
let admin: TestUser;
let apiKey: string;
let doc: Schema;
let operations: { method: string; path: string; op: Schema }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  doc = ctx.app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "0" } });
  operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Schema)[m]).map((method) => ({
      method,
      path,
      op: (item as Schema)[method],
    })),
  );
  user = await ctx.createUser("Fuzz Person");
  admin = await ctx.createUser("Fuzz Admin");
  await makeAdmin(ctx, admin.id);
}, 60_000);
afterAll(() => ctx.close());

// Some operations sign out, delete the account or revoke keys: each operation starts with a
// live session and key, and account-changing ones with an account of their own.
async function freshCaller(method: string, path: string) {
  if (method !== "get" && /^\/api\/(auth|user|identity|account|api-?keys)/.test(path)) {
    user = await ctx.createUser("Fuzz Person");
  } else {
    user.token = (await createSession(ctx.db, user.id)).token;
  }
  apiKey = await ctx.createApiKey(user.id);
  admin.token = (await createSession(ctx.db, admin.id)).token;
}

function seedFor(name: string): number {
  let h = SEED;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h;
}

function authorization(r: Random, path: string): string | undefined {
  const roll = r.next();
  if (path.startsWith("/api/admin") && roll < 0.6) return `Bearer ${admin.token}`;
  if (roll < 0.75) return `Bearer ${user.token}`;
  if (roll < 0.88) return `Bearer ${apiKey}`;
  if (roll < 0.94)
    return r.pick(["Bearer ", "Bearer x", "Basic YTpi", `Bearer ${"z".repeat(3000)}`]);
  return undefined;
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "multipart/form-data",
  "multipart/form-data; boundary=zzz",
  "application/x-www-form-urlencoded",
  "application/xml",
];

// Lone surrogates cannot be encoded: they go as bytes that are not valid UTF-8 instead.
function encodePathPart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

// A header carries visible ASCII only (fetch refuses anything else before sending).
const headerValue = (r: Random) => r.pick(HOSTILE_STRINGS.filter((s) => /^[ -~]*$/.test(s)));

function buildRequest(method: string, path: string, op: Schema, r: Random) {
  const params = ((op.parameters ?? []) as Schema[]).map((p) => resolve(doc, p));
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = params.find((p) => p.name === name && p.in === "path");
    return encodePathPart(paramValue(doc, param?.schema, r));
  });
  const query = new URLSearchParams();
  for (const p of params.filter((p) => p.in === "query")) {
    if (r.chance(0.6)) query.append(p.name, paramValue(doc, p.schema, r));
    if (r.chance(0.1)) query.append(p.name, r.pick(HOSTILE_STRINGS));
  }
  if (r.chance(0.1)) query.append(r.pick(["page", "limit", "date", "x"]), r.pick(HOSTILE_STRINGS));
  if ([...query].length) url += `?${query}`;

  const headers = new Headers();
  const auth = authorization(r, path);
  if (auth) headers.set("Authorization", auth);
  if (r.chance(0.15))
    headers.set("X-Acting-For", r.chance(0.3) ? crypto.randomUUID() : headerValue(r));
  if (r.chance(0.1)) headers.set("X-Workout-Model-Version", headerValue(r));
  if (r.chance(0.1)) headers.set("If-None-Match", r.pick(['"x"', "*", "W/", headerValue(r)]));
  if (r.chance(0.1)) headers.set("Accept-Encoding", r.pick(["br;q=x", "*", "gzip, deflate, zstd"]));
  if (r.chance(0.1)) headers.set("X-Forwarded-For", r.pick(["1.2.3.4, ::1", "garbage", ","]));
  return { url, headers, body: method === "get" ? undefined : buildBody(op, headers, r) };
}

function buildBody(op: Schema, headers: Headers, r: Random): BodyInit | undefined {
  const content = (op.requestBody?.content ?? {}) as Record<string, Schema>;
  const roll = r.next();
  if (content["multipart/form-data"] && roll < 0.7) {
    const form = new FormData();
    const schema = resolve(doc, content["multipart/form-data"].schema);
    for (const key of Object.keys(schema.properties ?? { file: {} })) {
      if (r.chance(0.2)) continue;
      const bytes = new Uint8Array(r.int(0, 2000)).map(() => r.int(0, 255));
      if (r.chance(0.6)) {
        const type = r.pick(["image/jpeg", "image/png", "text/plain", "", "application/zip"]);
        form.append(
          key,
          new File([bytes], r.pick(["a.jpg", "../x.png", "", "a".repeat(300)]), { type }),
        );
      } else form.append(key, String(r.pick(HOSTILE_STRINGS)));
    }
    return form;
  }
  if (roll < 0.75) {
    const value = validValue(doc, content["application/json"]?.schema, r);
    headers.set("Content-Type", r.chance(0.85) ? "application/json" : r.pick(CONTENT_TYPES));
    return JSON.stringify(r.chance(0.15) ? value : mutate(value, r));
  }
  headers.set("Content-Type", r.pick(CONTENT_TYPES));
  return r.pick([
    "",
    "{",
    "[1,2",
    "null",
    "1e999",
    '{"a":',
    "\u0000\u0001",
    '"just a string"',
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    JSON.stringify({ deep: JSON.parse("[".repeat(500) + "]".repeat(500)) }),
    '--zzz\r\nContent-Disposition: form-data; name="photo"\r\n\r\nabc\r\n--zzz--',
  ]);
}

async function send(url: string, init: RequestInit): Promise<number | string> {
  const timeout = new Promise<string>((done) => setTimeout(() => done("timeout"), 20_000));
  const answer = (async () => {
    const res = await ctx.request(url, init);
    await res.arrayBuffer();
    return res.status;
  })();
  return Promise.race([answer, timeout]);
}

describe("every OpenAPI operation survives malformed input", () => {
  test("the document lists the operations", () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  test("no 5xx for any generated request", async () => {
    const failures: string[] = [];
    let sent = 0;
    const slowest: [number, string][] = [];
    for (const { method, path, op } of operations) {
      // Takes no input at all, and each call writes a whole backup: covered by its own tests.
      if (method === "post" && path === "/api/admin/backups") continue;
      const started = performance.now();
      await freshCaller(method, path);
      const r = createRandom(seedFor(`${method} ${path}`));
      for (let i = 0; i < CASES; i++) {
        const { url, headers, body } = buildRequest(method, path, op, r);
        const status = await send(url, { method: method.toUpperCase(), headers, body });
        sent++;
        // A 502 or 503 the operation documents is an answer: the AI assistant without a
        // model, or an outside service (every account has the exercise databases, which this
        // machine cannot reach) that failed.
        if ((status === 502 || status === 503) && op.responses?.[String(status)]) continue;
        if (status === "timeout" || (status as number) >= 500) {
          const shown = typeof body === "string" ? body.slice(0, 200) : body ? "(form)" : "";
          failures.push(`${status} ${method.toUpperCase()} ${url.slice(0, 200)} ${shown}`);
        }
      }
      slowest.push([Math.round(performance.now() - started), `${method} ${path}`]);
    }
    slowest.sort((a, b) => b[0] - a[0]);
    console.log(`fuzz: ${sent} requests over ${operations.length} operations`, slowest.slice(0, 8));
    expect(failures).toEqual([]);
  }, 900_000);
});
