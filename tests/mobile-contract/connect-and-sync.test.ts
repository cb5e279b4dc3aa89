import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import {
  signUpWithApiKey,
  startBinaryServer,
  type BinaryServer,
} from "../helpers/binary-server.ts";
import { logCall } from "./call-log.ts";
import { sessionRecords, simpleRecords, workoutRecords } from "./phone-records.ts";

// The phone app's connect-and-sync sequence, replayed over HTTP against the compiled binary:
// once signed in with a password (session token), once with a pasted API key.
let server: BinaryServer;
const ORIGIN = "https://fitness.example.test";
beforeAll(async () => {
  server = await startBinaryServer({ SERVICE_FITNESS_PUBLIC_URL: ORIGIN });
}, 180_000);
afterAll(() => server?.stop());

const DAYS = ["2026-05-01", "2026-05-02", "2026-05-03"];

type SyncAnswer = {
  processed: { type: string; data: { id?: string } | null }[];
  errors: unknown[];
  skipped: unknown[];
};

async function call(method: string, path: string, token?: string, body?: unknown, extra = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  const res = await fetch(`${server.url}${path}`, init);
  logCall(path, init, res.status);
  return { status: res.status, body: (await res.json()) as any };
}

/** Settings, connection check, bootstrap: what the app does before it syncs. */
async function connect(token: string, email: string, zone: string) {
  const settings = await call("GET", "/api/auth/settings");
  expect(settings.body.trusted_origin).toBe(ORIGIN);
  const factors = await call("GET", `/api/auth/mfa-factors?email=${encodeURIComponent(email)}`);
  expect(factors.body).toEqual({ mfa_totp_enabled: false, mfa_email_enabled: false });
  expect((await call("GET", "/api/identity/user", token)).status).toBe(200);
  const boot = await call("POST", "/api/user-preferences/bootstrap-timezone", token, {
    timezone: zone,
  });
  expect(boot.status).toBe(200);
  return boot.body.timezone as string;
}

/** The app's chunks: simple records, then sessions (small chunks), then workouts. */
async function sync(token: string): Promise<void> {
  for (const chunk of [simpleRecords(DAYS), sessionRecords(DAYS), workoutRecords(DAYS)]) {
    const res = await call("POST", "/api/health-data", token, chunk, {
      "X-Workout-Model-Version": "3",
    });
    expect(res.status).toBe(200);
    const answer = res.body as SyncAnswer;
    expect(answer.errors).toEqual([]);
    expect(answer.skipped).toEqual([]);
    expect(answer.processed.length).toBe(chunk.length);
  }
}

/**
 * The ids of everything synced, read back per day; one of each per day and source, so a
 * duplicate shows as an extra id.
 */
async function readBack(token: string): Promise<string[]> {
  const ids: string[] = [];
  for (const day of DAYS) {
    const entries = await call("GET", `/api/exercise-entries/by-date?selectedDate=${day}`, token);
    expect(entries.body.length).toBe(1);
    const sleep = await call("GET", `/api/sleep?date=${day}`, token);
    expect(sleep.body.length).toBe(1);
    const water = await call("GET", `/api/measurements/water-intake/${day}`, token);
    expect(water.body.water_ml).toBe(1750);
    const custom = await call("GET", `/api/measurements/custom-entries/${day}`, token);
    const keys = custom.body.map(
      (e: { category_name: string; entry_timestamp: string | null }) =>
        `${e.category_name}@${e.entry_timestamp}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const rows of [entries.body, sleep.body, water.body.entries, custom.body]) {
      ids.push(...rows.map((row: { id: string }) => row.id));
    }
  }
  return ids;
}

/** Sync twice: the second answers the same and changes nothing. */
async function syncTwice(token: string) {
  await sync(token);
  const first = await readBack(token);
  // Per day: the run, the night, two water samples and 24 custom measurements.
  expect(first.length).toBe(DAYS.length * 28);
  await sync(token);
  expect(await readBack(token)).toEqual(first);
}

describe("phone app: connect and sync against the binary", () => {
  test(
    "password sign-in: session token for every call, timezone bootstrapped once, re-sync idempotent",
    async () => {
      const account = await signUpWithApiKey(server.url);
      const signIn = await call(
        "POST",
        "/api/auth/sign-in/email",
        undefined,
        { email: account.email, password: account.password },
        { Origin: ORIGIN },
      );
      expect(signIn.status).toBe(200);
      const token = signIn.body.token as string;
      expect(await connect(token, account.email, "Europe/Berlin")).toBe("Europe/Berlin");
      expect(await connect(token, account.email, "America/New_York")).toBe("Europe/Berlin");

      await syncTwice(token);
    },
    SETUP_TIMEOUT,
  );

  test(
    "API key: the same sequence with the pasted key",
    async () => {
      const account = await signUpWithApiKey(server.url);
      expect(await connect(account.apiKey, account.email, "Asia/Tokyo")).toBe("Asia/Tokyo");
      expect(await connect(account.apiKey, account.email, "Europe/Berlin")).toBe("Asia/Tokyo");
      await syncTwice(account.apiKey);
    },
    SETUP_TIMEOUT,
  );
});
