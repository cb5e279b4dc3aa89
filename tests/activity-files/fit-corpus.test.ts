import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import FitParser from "fit-file-parser";
import { readdirSync, readFileSync } from "node:fs";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";

/**
 * Real FIT files from public repositories (corpus/fit/SOURCES.md), each imported into a fresh
 * account, read back through the API and compared field by field with what an independent
 * decoder (fit-file-parser, a dev dependency never shipped) reads: the device's totals first,
 * then each session, each lap's figures and the series.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const DIR = `${import.meta.dir}/corpus/fit/`;
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".fit"));
// Records this close to the sessions belong to the activity (as the importer reads them).
const MARGIN_MS = 5 * 60_000;
const FOOT = new Set(["running", "walking", "hiking"]);

type Session = Record<string, any>;

async function independent(bytes: Buffer) {
  const parser = new FitParser({ force: true, speedUnit: "m/s", lengthUnit: "m", mode: "list" });
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return (await parser.parseAsync(buffer as ArrayBuffer)) as unknown as {
    sessions: Session[];
    laps: unknown[];
    records: Record<string, any>[];
  };
}

const ms = (value: unknown) => new Date(value as string).getTime();
const sessionEnd = (s: Session) =>
  Math.max(ms(s.timestamp), ms(s.start_time) + Math.round(s.total_elapsed_time * 1000));
const sum = (sessions: Session[], key: string) =>
  sessions.some((s) => typeof s[key] === "number")
    ? sessions.reduce((a, s) => a + (s[key] ?? 0), 0)
    : null;

// A served lap's figures and the FIT lap fields they come from.
const LAP_FIELDS = [
  ["duration_seconds", "total_elapsed_time"],
  ["timer_time_seconds", "total_timer_time"],
  ["distance_meters", "total_distance"],
  ["calories", "total_calories"],
  ["avg_heart_rate", "avg_heart_rate"],
  ["max_heart_rate", "max_heart_rate"],
  ["avg_speed_mps", "enhanced_avg_speed", "avg_speed"],
  ["max_speed_mps", "enhanced_max_speed", "max_speed"],
  ["avg_power_watts", "avg_power"],
  ["max_power_watts", "max_power"],
  ["elevation_gain_meters", "total_ascent"],
  ["elevation_loss_meters", "total_descent"],
] as const;

/** The figures a FIT lap message gives, as [served name, value]; cadence in steps on foot. */
function lapFigures(lap: Session, foot: boolean): [string, number][] {
  const figures: [string, number][] = [];
  for (const [ours, ...theirs] of LAP_FIELDS) {
    const value = theirs.map((key) => lap[key]).find((v) => typeof v === "number");
    if (value !== undefined) figures.push([ours, value]);
  }
  for (const [ours, whole, fraction] of [
    ["avg_cadence", "avg_cadence", "avg_fractional_cadence"],
    ["max_cadence", "max_cadence", "max_fractional_cadence"],
  ] as const)
    if (typeof lap[whole] === "number")
      figures.push([ours, (lap[whole] + (lap[fraction] ?? 0)) * (foot ? 2 : 1)]);
  return figures;
}

async function importFile(user: TestUser, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const res = await ctx.request("/api/exercise-entries/import", {
    method: "POST",
    headers: bearer(user.token),
    body: form,
  });
  return ((await res.json()) as any).files[0];
}

describe("FIT corpus against an independent decoder", () => {
  for (const file of FILES) {
    test(
      file,
      async () => {
        const bytes = readFileSync(DIR + file);
        const expected = await independent(bytes);
        const sessions = [...expected.sessions].sort((a, b) => ms(a.start_time) - ms(b.start_time));
        const user = await ctx.createUser();
        const outcome = await importFile(user, file, new Uint8Array(bytes));
        expect(outcome.status).toBe("imported");
        const entry = (await call(ctx, user, "GET", `/api/exercise-entries/${outcome.entry_id}`))
          .body;

        // The device's totals.
        const first = sessions[0]!;
        expect(ms(entry.start_time)).toBe(ms(first.start_time));
        expect(entry.duration_seconds).toBeCloseTo(sum(sessions, "total_timer_time")!, 3);
        expect(entry.distance).toBeCloseTo(sum(sessions, "total_distance")! / 1000, 5);
        expect(entry.calories_burned).toBe(sum(sessions, "total_calories"));
        if (sessions.length === 1) {
          expect(entry.elapsed_time_seconds).toBeCloseTo(first.total_elapsed_time, 3);
          for (const [ours, theirs] of [
            ["elevation_gain_meters", "total_ascent"],
            ["elevation_loss_meters", "total_descent"],
            ["avg_heart_rate", "avg_heart_rate"],
            ["max_heart_rate", "max_heart_rate"],
            ["avg_power_watts", "avg_power"],
            ["max_power_watts", "max_power"],
          ] as const)
            if (typeof first[theirs] === "number")
              expect([ours, entry[ours]]).toEqual([ours, first[theirs]]);
          if (typeof first.avg_cadence === "number" && FOOT.has(first.sport)) {
            const steps = (first.avg_cadence + (first.avg_fractional_cadence ?? 0)) * 2;
            expect(entry.avg_cadence).toBeCloseTo(steps, 3);
          }
        } else {
          const last = Math.max(...sessions.map(sessionEnd));
          expect(entry.elapsed_time_seconds).toBeCloseTo((last - ms(first.start_time)) / 1000, 3);
        }

        // Each session.
        const ourSessions = (
          await call(ctx, user, "GET", `/api/generic-health/workout-sessions/${outcome.entry_id}`)
        ).body.data;
        expect(ourSessions).toHaveLength(sessions.length);
        sessions.forEach((s, i) => {
          const ours = ourSessions[i];
          expect(ms(ours.start_time)).toBe(ms(s.start_time));
          expect(ours.timer_time_seconds).toBeCloseTo(s.total_timer_time, 3);
          expect(ours.distance_meters ?? null).toBe(s.total_distance ?? null);
          expect(ours.calories ?? null).toBe(s.total_calories ?? null);
          expect(ours.avg_heart_rate ?? null).toBe(s.avg_heart_rate ?? null);
          if (s.pool_length !== undefined) {
            expect(ours.swim.pool_length_m).toBeCloseTo(s.pool_length, 2);
            expect(ours.swim.active_lengths).toBe(s.num_active_lengths);
          }
        });

        // Laps, and the records within the sessions' time.
        const laps = await call(
          ctx,
          user,
          "GET",
          `/api/generic-health/workout-laps/${outcome.entry_id}`,
        );
        expect(laps.body.data).toHaveLength(expected.laps.length);
        // Each lap as the device recorded it, not recomputed from the records.
        const deviceLaps = [...(expected.laps as Session[])].sort(
          (a, b) => ms(a.start_time) - ms(b.start_time),
        );
        deviceLaps.forEach((lap, i) => {
          const ours = laps.body.data[i];
          const sport =
            lap.sport ?? sessions.find((s) => ms(s.start_time) <= ms(lap.start_time))?.sport;
          expect(ms(ours.start_time)).toBe(ms(lap.start_time));
          for (const [key, value] of lapFigures(lap, FOOT.has(sport)))
            expect([i, key, ours[key]]).toEqual([i, key, expect.closeTo(value, 3)]);
        });
        const from = ms(first.start_time) - MARGIN_MS;
        const to = Math.max(...sessions.map(sessionEnd)) + MARGIN_MS;
        const kept = expected.records.filter(
          (r) => ms(r.timestamp) >= from && ms(r.timestamp) <= to,
        );
        const positioned = kept.filter(
          (r) => typeof r.position_lat === "number" && typeof r.position_long === "number",
        );
        expect(outcome.gps_points).toBe(positioned.length);
        const [hr] = await ctx.db.owner<{ n: number }[]>`
        select coalesce(sum(cardinality(value)), 0)::int as n from health_metric_samples
         where user_id = ${user.id} and metric = 'heart_rate'`;
        const recordedHr = new Set(
          kept.filter((r) => typeof r.heart_rate === "number").map((r) => ms(r.timestamp)),
        );
        if (recordedHr.size > 0) expect(hr!.n).toBe(recordedHr.size);
        else if (typeof first.avg_heart_rate === "number") expect(hr!.n).toBeGreaterThan(0);
      },
      60_000,
    );
  }
});
