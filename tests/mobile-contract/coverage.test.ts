import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { emptyDir, run, type RunResult } from "../helpers/processes.ts";
import { CALL_LOG_ENV, readCallLog, type CallCredential, type LoggedCall } from "./call-log.ts";
import { callsNotMade, referenceCalls } from "./reference-calls.ts";

// The contract is every call of the phone app, made as the app makes it: each call of the
// reference (mobile-app-api.md, a copy of the shared reference) must have been answered
// (2xx/3xx) with each credential the app uses for it. The calls are those the other contract
// tests really made: they run here once more in a child `bun test` that logs each call.
const ROOT = join(import.meta.dir, "..", "..");
const CONTRACT_FILES = [
  ...readdirSync(import.meta.dir)
    .filter((name) => name.endsWith(".test.ts") && name !== basename(import.meta.path))
    .map((name) => join(import.meta.dir, name)),
  join(ROOT, "tests", "auth", "phone-app-sign-in.test.ts"),
];

const logDir = emptyDir("contract-calls-");
let child: RunResult;
let log: LoggedCall[];
beforeAll(async () => {
  const file = join(logDir, "calls.jsonl");
  const env = { ...(process.env as Record<string, string>), [CALL_LOG_ENV]: file };
  child = await run([process.execPath, "test", "--timeout", "60000", ...CONTRACT_FILES], env, ROOT);
  log = readCallLog(file);
}, 600_000);
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

describe("phone app contract coverage", () => {
  test("the reference lists the app's calls", () => {
    expect(referenceCalls().length).toBeGreaterThan(140);
  });

  test("the contract tests passed in the logged run", () => {
    expect(child.code, child.stderr.slice(-4000)).toBe(0);
    expect(log.length).toBeGreaterThan(500);
  });

  test("every call of the reference was answered with each credential the app uses", () => {
    expect(callsNotMade(referenceCalls(), log)).toEqual([]);
  });

  // 502 and 504 are the answers the app gets when a food or exercise provider fails (the
  // tests make the fakes fail on purpose); a 500 is a fault of the server.
  test("no call answered an internal server error", () => {
    expect(log.filter((made) => made.status === 500)).toEqual([]);
  });

  test("a call made with one credential only, refused, or without its query is named", () => {
    const calls = referenceCalls().filter(
      (call) => call.template === "/api/health-data" || call.template === "/api/daily-summary",
    );
    const made = (url: string, credential: CallCredential, status = 200): LoggedCall => ({
      method: url.includes("health") ? "POST" : "GET",
      url,
      credential,
      status,
    });
    const both = (url: string) => [made(url, "session"), made(url, "API key")];
    expect(
      callsNotMade(calls, [
        made("/api/health-data", "session"),
        made("/api/health-data", "API key", 403),
        ...both("/api/daily-summary?_=1"),
      ]),
    ).toEqual([
      "POST /api/health-data (API key)",
      "GET /api/daily-summary date (session)",
      "GET /api/daily-summary date (API key)",
    ]);
    expect(
      callsNotMade(calls, [...both("/api/health-data"), ...both("/api/daily-summary?date=x&_=1")]),
    ).toEqual([]);
  });
});
