import { describe, expect, test } from "bun:test";
import { modalityOf } from "../../src/workouts/activity-types.ts";
import { computeHrZones, estimateMaxHeartRate } from "../../src/workouts/hr-zones.ts";
import { summariseLaps } from "../../src/workouts/laps.ts";
import {
  hrSeriesFromTrack,
  parseGpsPoints,
  parseHrSamples,
  parseLapWindows,
  toEpochMs,
} from "../../src/workouts/series.ts";
import { deriveTelemetry } from "../../src/workouts/telemetry.ts";
import {
  elevationChange,
  movingTimeSeconds,
  cumulativeDistance,
} from "../../src/workouts/track-math.ts";
import { gpsTrack, hrSamples } from "./workout-fixtures.ts";

const START = "2026-03-01T08:00:00Z";
const at = (seconds: number) => new Date(Date.parse(START) + seconds * 1000).toISOString();

describe("series parsing", () => {
  test("GPS points missing t, lat or lon, or out of range, are dropped", () => {
    const track = parseGpsPoints([
      { t: at(0), lat: 45, lon: 7, alt: 100 },
      { lat: 45, lon: 7 },
      { t: at(2), lon: 7 },
      { t: at(3), lat: 45 },
      { t: at(4), lat: 91, lon: 7 },
      { t: at(5), lat: 45, lon: -181 },
      { t: "not a time", lat: 45, lon: 7 },
      null,
      { t: at(1), lat: 45.001, lon: 7, hr: 120 },
    ]);
    expect(track.t).toEqual([Date.parse(at(0)), Date.parse(at(1))]);
    expect(track.alt).toEqual([100, null]);
    expect(track.hr).toEqual([null, 120]);
  });

  test("times: the UTC fast path agrees with Date.parse and rejects impossible instants", () => {
    for (const t of ["2026-03-01T08:00:00Z", "2024-02-29T23:59:59.999Z", "2026-03-01T08:00:00.1Z"])
      expect(toEpochMs(t)).toBe(Date.parse(t));
    expect(toEpochMs("2026-03-01T09:00:00+01:00")).toBe(Date.parse("2026-03-01T08:00:00Z"));
    for (const t of [
      "2026-02-30T08:00:00Z",
      "2026-03-01T24:00:00Z",
      "2026-03-01T0/:00:00Z",
      "soon",
    ])
      expect(toEpochMs(t)).toBeNaN();
  });

  test("HR samples are sorted and a repeated time is one sample", () => {
    const hr = parseHrSamples([
      { t: at(2), bpm: 130 },
      { t: at(1), bpm: 120 },
      { t: at(2), bpm: 131 },
      { t: at(3), bpm: "fast" },
    ]);
    expect(hr.bpm).toEqual([120, 131]);
  });

  test("activity types map to modalities", () => {
    expect(modalityOf("Running")).toBe("distance");
    expect(modalityOf("HKWorkoutActivityTypeCycling")).toBe("distance");
    expect(modalityOf("EXERCISE_TYPE_WALKING")).toBe("distance");
    expect(modalityOf("Traditional Strength Training")).toBe("strength");
    expect(modalityOf("EXERCISE_TYPE_WEIGHTLIFTING")).toBe("strength");
    expect(modalityOf("Yoga")).toBe("duration");
  });
});

describe("telemetry derivation", () => {
  test("elevation ignores changes under the 3 m noise threshold", () => {
    // Jitter of +-1 m never counts as a climb of its own; the climb from the lowest point (99)
    // to 110 does, and so does the 6 m descent.
    const alt = [100, 101, 99, 100, 101, 110, 109, 110, 104, 105];
    expect(elevationChange(alt)).toEqual({ gain: 11, loss: 6 });
  });

  test("a smooth hill counts whole, from the valley to the summit and back", () => {
    // Metre by metre up 9 m and down 9 m: no step of 3 m is lost at the summit or the end.
    const hill = [...Array.from({ length: 10 }, (_, i) => 200 + i), 208, 207, 206, 205, 200];
    expect(elevationChange([201, 200, ...hill])).toEqual({ gain: 9, loss: 9 });
  });

  test("moving time counts segments at or above 0.5 m/s", () => {
    const track = parseGpsPoints(
      [3, 3, 0.2, 0.2, 3].map((speed, i) => ({ t: at(i * 10), lat: 45, lon: 7, speed })),
    );
    // Segments end at points 1..4 with speeds 3, 0.2, 0.2, 3: two moving 10 s segments.
    expect(movingTimeSeconds(track, cumulativeDistance(track))).toBe(20);
  });

  test("omitted values are derived from the series; sent values are never overwritten", () => {
    const track = parseGpsPoints(
      gpsTrack(START, 601, { speed: 2, alt: (i) => 100 + (i >= 300 ? 20 : 0), hr: () => 999 }),
    );
    const hr = parseHrSamples(hrSamples(START, 601, 1, (i) => (i < 300 ? 100 : 140)));
    const { telemetry, distanceMeters } = deriveTelemetry(
      { avg_heart_rate: 150, max_speed_mps: 9 },
      track,
      hr,
      null,
    );
    expect(telemetry.avg_heart_rate).toBe(150);
    expect(telemetry.max_speed_mps).toBe(9);
    expect(telemetry.max_heart_rate).toBe(140);
    expect(telemetry.avg_speed_mps).toBe(2);
    expect(telemetry.elevation_gain_meters).toBe(20);
    expect(telemetry.elevation_loss_meters).toBe(0);
    expect(telemetry.min_elevation_meters).toBe(100);
    expect(telemetry.max_elevation_meters).toBe(120);
    expect(telemetry.moving_time_seconds).toBe(600);
    expect(telemetry.elapsed_time_seconds).toBe(600);
    expect(distanceMeters).toBeCloseTo(1200, 3);
  });

  test("distance comes from the device's cumulative dist when every point has one", () => {
    const points = gpsTrack(START, 3).map((p, i) => ({ ...p, dist: 1000 + i * 7 }));
    const { distanceMeters } = deriveTelemetry(
      {},
      parseGpsPoints(points),
      parseHrSamples([]),
      null,
    );
    expect(distanceMeters).toBe(14);
  });
});

describe("laps", () => {
  test("per-lap distance, duration, heart rate, speed, cadence, power and elevation", () => {
    // 600 s at 2 m/s; altitude climbs 10 m in lap 1 and falls 10 m in lap 2, each counted
    // whole (9.97 m, to one decimal 10); a lap with bad times is dropped.
    const track = parseGpsPoints(
      gpsTrack(START, 601, {
        speed: 2,
        alt: (i) => (i < 300 ? 100 + i / 30 : 110 - (i - 300) / 30),
        hr: (i) => (i < 300 ? 120 : 160),
      }).map((p, i) => ({ ...p, cad: i < 300 ? 80 : 90, power: 200 })),
    );
    const windows = parseLapWindows([
      { lap_index: 1, start_time: at(0), end_time: at(300) },
      { lap_index: 2, start_time: at(300), end_time: at(600) },
      { lap_index: 3, start_time: "bad", end_time: at(600) },
    ]);
    // Without separate samples, the GPS heart rate is the lap's heart-rate series.
    const laps = summariseLaps(windows, track, cumulativeDistance(track), hrSeriesFromTrack(track));
    expect(laps.length).toBe(2);
    expect(laps[0]).toMatchObject({
      lap_index: 1,
      duration_seconds: 300,
      distance_meters: 600,
      avg_heart_rate: 120,
      max_heart_rate: 120,
      avg_speed_mps: 2,
      max_speed_mps: 2,
      avg_cadence: 80,
      avg_power_watts: 200,
      elevation_gain_meters: 10,
      elevation_loss_meters: 0,
    });
    expect(laps[1]).toMatchObject({
      lap_index: 2,
      distance_meters: 600,
      avg_heart_rate: 160,
      avg_cadence: 90,
      elevation_gain_meters: 0,
      elevation_loss_meters: 10,
    });
  });

  test("a lap's device figures are kept; what it lacks comes from the series", () => {
    const track = parseGpsPoints(
      gpsTrack(START, 301, { speed: 2, hr: () => 120 }).map((p) => ({ ...p, power: 200 })),
    );
    const [lap] = summariseLaps(
      parseLapWindows([
        {
          start_time: at(0),
          end_time: at(300),
          timer_time_seconds: 280,
          distance_meters: "1000",
          calories: 61,
          avg_heart_rate: 131,
          // Not a figure: left to the series.
          max_heart_rate: "fast",
          avg_power_watts: -5,
        },
      ]),
      track,
      cumulativeDistance(track),
      hrSeriesFromTrack(track),
    );
    expect(lap).toMatchObject({
      duration_seconds: 300,
      timer_time_seconds: 280,
      distance_meters: 1000,
      calories: 61,
      avg_heart_rate: 131,
      max_heart_rate: 120,
      avg_power_watts: 200,
      avg_speed_mps: 2,
    });
  });
});

describe("heart-rate zones", () => {
  test("max HR: profile value, else Nes formula from the date of birth, else observed", () => {
    expect(
      estimateMaxHeartRate({ maxHeartRate: 190, dateOfBirth: "1990-01-01" }, "2026-03-01", 170),
    ).toBe(190);
    // Age 36 on 2026-03-01: round(211 - 0.64 * 36) = round(187.96) = 188.
    expect(
      estimateMaxHeartRate({ maxHeartRate: null, dateOfBirth: "1990-01-01" }, "2026-03-01", 170),
    ).toBe(188);
    // The birthday has not come yet: age 35, round(188.6) = 189.
    expect(
      estimateMaxHeartRate({ maxHeartRate: null, dateOfBirth: "1990-06-01" }, "2026-03-01", 170),
    ).toBe(189);
    expect(
      estimateMaxHeartRate({ maxHeartRate: null, dateOfBirth: null }, "2026-03-01", 171.4),
    ).toBe(171);
  });

  test("time is credited per gap to the earlier sample's zone, a gap counting at most 60 s", () => {
    // Max 200: zones start at 100, 120, 140, 160, 180.
    const hr = parseHrSamples([
      { t: at(0), bpm: 90 }, // below zone 1: 10 s not counted
      { t: at(10), bpm: 110 }, // zone 1: 10 s
      { t: at(20), bpm: 125 }, // zone 2: a 300 s gap counts 60 s
      { t: at(320), bpm: 150 }, // zone 3: 5 s
      { t: at(325), bpm: 170 }, // zone 4: 5 s
      { t: at(330), bpm: 185 }, // zone 5: 2 s
      { t: at(332), bpm: 100 }, // last sample: no gap after it
    ]);
    expect(computeHrZones(hr, 200)).toEqual([
      { zone: 1, min_bpm: 100, max_bpm: 119, seconds: 10, max_heart_rate: 200 },
      { zone: 2, min_bpm: 120, max_bpm: 139, seconds: 60, max_heart_rate: 200 },
      { zone: 3, min_bpm: 140, max_bpm: 159, seconds: 5, max_heart_rate: 200 },
      { zone: 4, min_bpm: 160, max_bpm: 179, seconds: 5, max_heart_rate: 200 },
      { zone: 5, min_bpm: 180, max_bpm: null, seconds: 2, max_heart_rate: 200 },
    ]);
  });
});
