import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { signUpWithApiKey } from "../helpers/binary-server.ts";
import { emptyDir } from "../helpers/processes.ts";
import {
  createServerTestDatabase,
  seedEmbeddedDataDir,
  usesExternalDatabase,
} from "../helpers/test-database.ts";
import { type AppProcess, startAppProcess } from "./app-process.ts";
import { chunksOf, postChunked, stalledAfter } from "./chunked-request.ts";

// The real server process: Bun's HTTP server streams a request body to the app, so what the
// app reads (and when) is what decides the memory an anonymous caller can make it hold.
let app: AppProcess;
let drop = async () => {};
let token: string;
let endStalledBodies: () => void;
const stalledBodiesEnd = new Promise<void>((resolve) => (endStalledBodies = resolve));

beforeAll(async () => {
  const env: Record<string, string> = {};
  if (usesExternalDatabase) {
    const database = await createServerTestDatabase();
    env.SERVICE_FITNESS_DATABASE_URL = database.url;
    drop = database.drop;
  } else {
    const dataDir = emptyDir("fitness-body-limits-");
    await seedEmbeddedDataDir(dataDir);
    env.SERVICE_FITNESS_DATA_DIR = dataDir;
    drop = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  app = await startAppProcess(env);
  ({ token } = await signUpWithApiKey(app.url));
}, 120_000);
afterAll(async () => {
  endStalledBodies();
  await app?.stop();
  await drop();
});

const json = { "Content-Type": "application/json" };
const signedIn = () => ({ ...json, Authorization: `Bearer ${token}` });
/** A JSON array of step records longer than `bytes`. */
const recordsOver = (bytes: number) => {
  const record = JSON.stringify({ type: "step", value: 1, date: "2026-01-01" });
  return `[${Array.from({ length: Math.ceil(bytes / record.length) }, () => record).join(",")}]`;
};

describe("request bodies", () => {
  test("an anonymous request to an authenticated route is 401 before its body is read", async () => {
    const refusals = {
      "/api/health-data": "Unauthorized: Missing API Key",
      "/api/measurements/check-in": "Unauthorized",
      "/api/exercise-entries/import": "Unauthorized",
      "/api/import/apple-health": "Unauthorized",
    };
    for (const [path, error] of Object.entries(refusals)) {
      // The body never ends: only a server that did not wait for it can answer.
      const answer = await postChunked(
        `${app.url}${path}`,
        json,
        stalledAfter("[", stalledBodiesEnd),
      );
      expect({ path, ...answer }).toEqual({ path, status: 401, body: JSON.stringify({ error }) });
    }
  }, 30_000);

  test("a signed-in chunked body is counted as it is read: 413 past 10 MB, whatever reads it", async () => {
    const tooLarge = JSON.stringify({ error: "Request body too large (limit 10 MB)." });
    const body = recordsOver(10 * 1024 * 1024 + 1);
    for (const path of ["/api/health-data", "/api/measurements/check-in"]) {
      const answer = await postChunked(`${app.url}${path}`, signedIn(), chunksOf(body));
      expect({ path, ...answer }).toEqual({ path, status: 413, body: tooLarge });
    }
    const small = await postChunked(
      `${app.url}/api/health-data`,
      signedIn(),
      chunksOf(recordsOver(100_000)),
    );
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body).errors).toEqual([]);
  }, 60_000);

  test("sign-in and sign-up bodies are limited to 64 KB, declared or chunked", async () => {
    const tooLarge = { error: "Request body too large (limit 64 KB)." };
    const body = JSON.stringify({
      email: "big@example.test",
      password: "correct horse battery",
      name: "x".repeat(65 * 1024),
    });
    for (const path of ["/api/auth/sign-up/email", "/api/auth/sign-in/email"]) {
      const declared = await fetch(`${app.url}${path}`, { method: "POST", headers: json, body });
      expect({ path, status: declared.status, body: await declared.json() }).toEqual({
        path,
        status: 413,
        body: tooLarge,
      });
      const chunked = await postChunked(`${app.url}${path}`, json, chunksOf(body));
      expect({ path, ...chunked }).toEqual({ path, status: 413, body: JSON.stringify(tooLarge) });
    }
    const nobody = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: "big@example.test", password: "correct horse battery" }),
    });
    expect(nobody.status).toBe(401);
  }, 30_000);
});
