import { describe, expect, test } from "bun:test";
import type { TrackPoint } from "../../web/api/types.ts";
import { elevationChange } from "../../src/workouts/track-math.ts";
import { trackAscent, trackSplits } from "../../web/screens/workouts/splits.ts";

// Due north along a meridian: 0.001 degree of latitude is 111.195 m on the haversine's sphere.
const M_PER_MILLIDEGREE = 111.195;

function track(steps: { metres: number; seconds: number; alt?: number; hr?: number }[]) {
  let lat = 0;
  let t = Date.parse("2026-11-01T07:00:00Z");
  const points: TrackPoint[] = [{ t: new Date(t).toISOString(), lat, lon: 0, alt: 100 }];
  for (const step of steps) {
    lat += (step.metres / M_PER_MILLIDEGREE) * 0.001;
    t += step.seconds * 1000;
    points.push({ t: new Date(t).toISOString(), lat, lon: 0, alt: step.alt, hr: step.hr });
  }
  return points;
}

describe("splits of a GPS track", () => {
  test("2.5 km at 5:00 /km make two whole splits and a half one, times adding up", () => {
    const points = track(Array.from({ length: 10 }, () => ({ metres: 250, seconds: 75 })));
    const splits = trackSplits(points, 1000);
    expect(splits.map((s) => Math.round(s.metres))).toEqual([1000, 1000, 500]);
    expect(splits.map((s) => Math.round(s.seconds))).toEqual([300, 300, 150]);
    expect(splits.reduce((sum, s) => sum + s.seconds, 0)).toBeCloseTo(750, 6);
  });

  test("a step crossing a boundary shares its time and climb in proportion", () => {
    const points = track([
      { metres: 600, seconds: 200, alt: 100 },
      { metres: 800, seconds: 400, alt: 180, hr: 150 },
    ]);
    const [first, second] = trackSplits(points, 1000);
    // The second step gives half of its 800 m, so half of its 400 s and 80 m climb, to split 1.
    expect(first!.seconds).toBeCloseTo(400, 1);
    expect(first!.ascent).toBeCloseTo(40, 1);
    expect(second!.metres).toBeCloseTo(400, 0);
    expect(second!.ascent).toBeCloseTo(40, 1);
    expect(first!.avgHeartRate).toBe(150);
  });

  test("a device's own running distance wins over the positions", () => {
    const points = track([
      { metres: 500, seconds: 150 },
      { metres: 500, seconds: 150 },
    ]).map((p, i) => ({ ...p, dist: i * 600 }));
    const splits = trackSplits(points, 1000);
    expect(splits.map((s) => Math.round(s.metres))).toEqual([1000, 200]);
    expect(splits[0]!.seconds).toBeCloseTo(250, 6);
  });

  test("mile splits, descent, and the whole track's ascent", () => {
    const points = track([
      { metres: 1609.344, seconds: 480, alt: 130 },
      { metres: 1609.344, seconds: 500, alt: 90 },
    ]);
    const splits = trackSplits(points, 1609.344);
    expect(splits).toHaveLength(2);
    expect(splits[0]!.ascent).toBeCloseTo(30, 3);
    expect(splits[1]!.descent).toBeCloseTo(40, 3);
    expect(trackAscent(points)).toBeCloseTo(30, 3);
    expect(trackAscent(points.map(({ alt: _, ...p }) => p))).toBeNull();
  });
});

describe("climb in the splits", () => {
  test("jitter under 3 m counts nothing, and the splits add up to the workout's elevation gain", () => {
    // Up 20 m over the first km with ±2 m of noise, then down 12 m over the second.
    const up = [102, 100, 104, 102, 106, 104, 110, 108, 115, 120];
    const down = [118, 120, 116, 117, 114, 112, 113, 110, 109, 108];
    const points = track([...up, ...down].map((alt) => ({ metres: 100, seconds: 30, alt })));
    const splits = trackSplits(points, 1000);
    expect(splits.map((s) => [Math.round(s.ascent), Math.round(s.descent)])).toEqual([
      [20, 0],
      [0, 12],
    ]);
    const server = elevationChange(points.map((p) => p.alt ?? null));
    expect(server).toEqual({ gain: 20, loss: 12 });
    expect(trackAscent(points)).toBe(server!.gain);
  });

  test("a point without altitude passes its climb on to the next one that has", () => {
    const points = track([
      { metres: 500, seconds: 150, alt: 110 },
      { metres: 500, seconds: 150 },
      { metres: 500, seconds: 150, alt: 130 },
    ]);
    expect(trackSplits(points, 1000).map((s) => Math.round(s.ascent))).toEqual([10, 20]);
  });
});
