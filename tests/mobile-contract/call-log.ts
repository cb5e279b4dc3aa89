import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { hasApiKeyShape } from "../../src/credentials/api-key-crypto.ts";
import { afterAll, beforeAll } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

/** Names the file the contract tests append every call they make to (coverage.test.ts sets it). */
export const CALL_LOG_ENV = "FITNESS_CONTRACT_CALL_LOG";

/** How a call authenticated: the sign-in screen's calls carry none yet. */
export type CallCredential = "session" | "API key" | "none";

/** One call a contract test made, and what the server answered. */
export type LoggedCall = {
  method: string;
  url: string;
  credential: CallCredential;
  status: number;
};

function credentialOf(headers: HeadersInit | undefined): CallCredential {
  const bearer = /^Bearer (.+)$/.exec(new Headers(headers).get("authorization") ?? "")?.[1];
  if (!bearer) return "none";
  return hasApiKeyShape(bearer) ? "API key" : "session";
}

/** Appends a call to the log the environment names; nothing when it names none. */
export function logCall(url: string, init: RequestInit | undefined, status: number): void {
  const file = process.env[CALL_LOG_ENV];
  if (!file) return;
  const path = url.startsWith("/") ? url : new URL(url).pathname + new URL(url).search;
  const call: LoggedCall = {
    method: init?.method ?? "GET",
    url: path,
    credential: credentialOf(init?.headers),
    status,
  };
  appendFileSync(file, JSON.stringify(call) + "\n");
}

/** The calls a log holds; none when it was never written. */
export function readCallLog(file: string): LoggedCall[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedCall);
}

/** The test app, its every request logged (when the environment names a log). */
export function recorded(ctx: TestContext): TestContext {
  const request: TestContext["request"] = async (path, init) => {
    const res = await ctx.request(path, init);
    logCall(path, init, res.status);
    return res;
  };
  return { ...ctx, request };
}

/** A new test app (createTestContext), its every request logged. */
export async function createContractContext(
  env: Record<string, string> = {},
): Promise<TestContext> {
  return recorded(await createTestContext(env));
}

/**
 * The file's test app (createContractContext): started before its tests, closed after them.
 * Usable in tests and hooks, once it has started.
 */
export function contractContext(env: Record<string, string> = {}): TestContext {
  let started: TestContext | undefined;
  beforeAll(async () => {
    started = await createContractContext(env);
  }, SETUP_TIMEOUT);
  afterAll(() => started?.close());
  return new Proxy({} as TestContext, {
    get: (_, key) => started![key as keyof TestContext],
  });
}
