import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { signUpWithApiKey } from "../helpers/binary-server.ts";
import { emptyDir } from "../helpers/processes.ts";
import { until } from "../helpers/settles.ts";
import {
  createServerTestDatabase,
  seedEmbeddedDataDir,
  usesExternalDatabase,
} from "../helpers/test-database.ts";
import { startAppProcess } from "./app-process.ts";
import {
  checkInDay,
  checkInWeight,
  DIARY_DAY,
  diaryName,
  GPS_POINTS,
  type Kind,
  recordRequest,
  startWriters,
  workoutDay,
  workoutSourceId,
} from "./crash-writers.ts";

const KINDS: Kind[] = ["workout", "check-in", "diary"];
const WRITERS_PER_KIND = 3;
const ACKS_BEFORE_KILL = 50;
// The writers send far more than an API key's or session's default budget in a minute.
const ENV = { SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS: "1000000" };

type Client = {
  post(path: string, body: unknown): Promise<Response>;
  get(path: string): Promise<any>;
};

function client(url: string, token: string): Client {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  return {
    post: (path, body) =>
      fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
    async get(path) {
      const res = await fetch(`${url}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
  };
}

/** How many times each record number of `kind` is stored, read back over HTTP. */
async function storedCounts(
  api: Client,
  kind: Kind,
  issued: number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const count = (i: number) => counts.set(i, (counts.get(i) ?? 0) + 1);
  if (kind === "workout") {
    for (const day of new Set(issued.map(workoutDay))) {
      for (const entry of await api.get(`/api/exercise-entries/by-date?selectedDate=${day}`)) {
        const i = Number(String(entry.source_id).replace("crash-workout-", ""));
        expect(entry.source_id).toBe(workoutSourceId(i));
        // Nothing half-written: every stored workout has its whole track.
        const gps = await api.get(`/api/generic-health/workout-gps/${entry.id}`);
        expect(gps.data?.points?.length).toBe(GPS_POINTS);
        count(i);
      }
    }
  } else if (kind === "check-in") {
    const last = Math.max(...issued);
    const rows = await api.get(
      `/api/measurements/check-in-measurements-range/${checkInDay(0)}/${checkInDay(last)}`,
    );
    for (const row of rows) {
      const i = issued.find((n) => checkInDay(n) === String(row.entry_date).slice(0, 10));
      expect(i).toBeDefined();
      expect(Number(row.weight)).toBe(checkInWeight(i!));
      count(i!);
    }
  } else {
    for (const entry of await api.get(`/api/food-entries/by-date/${DIARY_DAY}`)) {
      const i = Number(String(entry.food_name).replace("crash entry ", ""));
      expect(entry.food_name).toBe(diaryName(i));
      expect(entry.calories).toBe(i);
      count(i);
    }
  }
  return counts;
}

/**
 * Writers of every kind against the server, SIGKILL once each kind has some acknowledged
 * records, the server started again on the same database; then every acknowledged record
 * is there exactly once, every unanswered one at most once, and re-sending the unanswered
 * ones duplicates nothing.
 */
async function killUnderWriters(env: Record<string, string>) {
  const first = await startAppProcess({ ...ENV, ...env });
  const { token } = await signUpWithApiKey(first.url);
  const writers = KINDS.map((kind) => ({
    kind,
    ...startWriters(client(first.url, token).post, kind, WRITERS_PER_KIND),
  }));
  try {
    // A writer ends early only by throwing (a broken test): that ends the wait too.
    await Promise.race([
      until(async () => writers.every((w) => w.outcomes.acked.length >= ACKS_BEFORE_KILL)),
      ...writers.map((w) => w.done),
    ]);
  } finally {
    first.proc.kill("SIGKILL");
    await first.proc.exited;
  }
  await Promise.all(writers.map((w) => w.done));

  const second = await startAppProcess({ ...ENV, ...env });
  try {
    const api = client(second.url, token);
    for (const { kind, outcomes } of writers) {
      const { acked, unacked } = outcomes;
      const issued = [...acked, ...unacked];
      const stored = await storedCounts(api, kind, issued);
      expect([...stored.keys()].every((i) => issued.includes(i))).toBe(true);
      for (const i of acked)
        expect({ kind, i, stored: stored.get(i) }).toEqual({ kind, i, stored: 1 });
      for (const i of unacked) expect(stored.get(i) ?? 0).toBeLessThanOrEqual(1);
      // A diary POST makes a new entry each time, by design: its client re-sends only what
      // it does not find. Workouts (by source id) and check-ins (by day) are re-sent blind.
      const resend = kind === "diary" ? unacked.filter((i) => !stored.has(i)) : unacked;
      for (const i of resend) {
        const { path, body } = recordRequest(kind, i);
        expect((await api.post(path, body)).status).toBeLessThan(300);
      }
      const after = await storedCounts(api, kind, issued);
      for (const i of issued)
        expect({ kind, i, stored: after.get(i) }).toEqual({ kind, i, stored: 1 });
    }
  } finally {
    await second.stop();
  }
}

describe("kill -9 under writers", () => {
  test("on PostgreSQL, every acknowledged record survives once and nothing is half-written", async () => {
    if (!usesExternalDatabase) return;
    const database = await createServerTestDatabase();
    try {
      await killUnderWriters({ SERVICE_FITNESS_DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  }, 120_000);

  test("on the embedded engine, the restart takes over the dead server's data directory and lock", async () => {
    const dataDir = emptyDir("fitness-kill-nine-");
    try {
      await seedEmbeddedDataDir(dataDir);
      await killUnderWriters({ SERVICE_FITNESS_DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
