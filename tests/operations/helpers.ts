import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createApiKey } from "../../src/credentials/api-keys.ts";
import { createApp } from "../../src/app.ts";
import { createSession } from "../../src/credentials/sessions.ts";
import type { Config } from "../../src/config.ts";
import type { Database, Sql } from "../../src/db.ts";
import { createLogger } from "../../src/logger.ts";
import { listSchemaTables, readSequences } from "../../src/operations/schema-tables.ts";
import { listUploads } from "../../src/storage/uploads.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { JPEG } from "../helpers/image-fixtures.ts";
import { gpsTrack, workoutRecord } from "../workouts/workout-fixtures.ts";
import { createRunningJobs } from "../../src/lib/running-jobs.ts";

/**
 * Fills a database through the real HTTP app with a little of everything that has files,
 * arrays, JSON, identity columns and triggers: an account with a session and API key,
 * synced weight and a workout with a GPS track, a check-in, water and a progress photo.
 */
export async function seedSampleData(db: Database, config: Config, email?: string) {
  const app = createApp({ config, db, logger: createLogger("silent"), jobs: createRunningJobs() });
  const user = await createUserAccount(db, {
    email: email ?? `${crypto.randomUUID()}@example.test`,
    password: "correct horse battery",
    name: "Backup Person",
  });
  const { token } = await createSession(db, user.id);
  const { key } = await createApiKey(db, config.apiEncryptionKey, user.id, {
    name: "phone",
    permissions: ["health_data_write"],
    expiresAt: null,
  });
  const call = async (path: string, init: RequestInit, auth = token) => {
    const res = await app.request(path, {
      ...init,
      headers: { Authorization: `Bearer ${auth}`, ...(init.headers as object) },
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const json = (method: string, body: unknown) => ({
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  await call(
    "/api/health-data",
    json("POST", [
      { type: "weight", value: 81.25, date: "2026-03-01" },
      { type: "step", value: 9000, date: "2026-03-01" },
      { type: "Resting Heart Rate", value: 52, date: "2026-03-01" },
      workoutRecord({
        gps_points: gpsTrack("2026-03-01T08:00:00Z", 120, { hr: (i) => 120 + (i % 30) }),
      }),
    ]),
    key,
  );
  await call(
    "/api/measurements/check-in",
    json("POST", { entry_date: "2026-03-02", weight: 80.5, waist: 90, neck: 38.25 }),
  );
  await call(
    "/api/measurements/water-intake",
    json("POST", { entry_date: "2026-03-02", change_drinks: 2 }),
  );
  const form = new FormData();
  form.append("photo", new File([JPEG], "front.jpg", { type: "image/jpeg" }));
  await call("/api/measurements/check-in-photos/2026-03-02/front", { method: "POST", body: form });
  return { user, token, key, app };
}

/** Every table's rows as sorted COPY lines, and every sequence's position. */
export async function snapshotDatabase(sql: Sql): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await listSchemaTables(sql)) {
    const columns = table.columns.map((c) => c.name);
    const chunks: Buffer[] = [];
    for await (const chunk of await sql`copy ${sql(table.name)} (${sql(columns)}) to stdout`.readable())
      chunks.push(chunk);
    out[table.name] = Buffer.concat(chunks).toString("utf8").split("\n").sort().join("\n");
  }
  for (const seq of await readSequences(sql)) out[`sequence ${seq.name}`] = String(seq.last_value);
  return out;
}

/** Path -> SHA-256 of every stored upload. */
export async function snapshotUploads(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of await listUploads(root)) {
    out[file.path] = createHash("sha256")
      .update(readFileSync(join(root, file.path)))
      .digest("hex");
  }
  return out;
}
