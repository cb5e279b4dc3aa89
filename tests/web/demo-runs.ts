import { postHealthData } from "./seed.ts";

/** The demo's runs: a month of loops in a park, each with its own distance, pace and hills. */

const iso = (ms: number) => new Date(ms).toISOString();

/** A small seeded random generator (mulberry32): the same runs on every seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const M_PER_DEG_LAT = 111_320;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((45.06 * Math.PI) / 180);

type Point = { x: number; y: number };

/** A wobbly loop around a park `km` long: where one is `m` metres along it (x, y in metres). */
function loop(km: number, rand: () => number): (m: number) => Point {
  const phase = rand() * Math.PI;
  const shape = (a: number) => 1 + 0.2 * Math.sin(3 * a + phase) + 0.07 * Math.sin(7 * a);
  const raw = Array.from({ length: 2000 }, (_, i) => {
    const a = (i / 2000) * 2 * Math.PI;
    return { x: 1.4 * Math.cos(a) * shape(a), y: Math.sin(a) * shape(a) };
  });
  const along = [0];
  for (let i = 1; i < raw.length; i++)
    along.push(along[i - 1]! + Math.hypot(raw[i]!.x - raw[i - 1]!.x, raw[i]!.y - raw[i - 1]!.y));
  const scale = (km * 1000) / along.at(-1)!;
  let i = 0;
  // Asked in increasing order: the walk along the points goes on from the last one found.
  return (m) => {
    while (i < raw.length - 2 && along[i + 1]! * scale < m) i++;
    const f = Math.min(1, (m / scale - along[i]!) / (along[i + 1]! - along[i]!));
    const [a, b] = [raw[i]!, raw[i + 1]!];
    return { x: (a.x + (b.x - a.x) * f) * scale, y: (a.y + (b.y - a.y) * f) * scale };
  };
}

/**
 * A run of `km` around a loop from `start`: warming up for two minutes, slower uphill, the
 * heart rate rising to the effort and drifting, every second a GPS point with speed,
 * altitude, heart rate and cadence, and a heart-rate sample every five seconds.
 */
export function demoRun(start: string, km: number, seed: number): Record<string, unknown> {
  const rand = random(seed);
  const at = loop(km, rand);
  const total = km * 1000;
  const cruise = 2.75 + rand() * 0.35;
  const t0 = Date.parse(start);
  const points = [];
  let s = 0;
  let hr = 92;
  // Slowly wandering effort: a stride is never quite the same as the one before.
  let drift = 0;
  for (let i = 0; s < total; i++) {
    const along = s / total;
    const slope = Math.cos(2 * Math.PI * along) * 0.6 + Math.cos(6 * Math.PI * along) * 0.5;
    const warm = Math.min(1, 0.8 + i / 600);
    drift = 0.98 * drift + (rand() - 0.5) * 0.02;
    const speed = cruise * warm * (1 - slope * 0.04) + drift;
    const target = 110 + 32 * warm + slope * 5 + i / 150;
    hr += (target - hr) / 25 + (rand() - 0.5) * 0.8;
    const p = at(s);
    points.push({
      t: iso(t0 + i * 1000),
      lat: 45.06 + p.y / M_PER_DEG_LAT,
      lon: 7.68 + p.x / M_PER_DEG_LON,
      alt: 231 + 9 * Math.sin(2 * Math.PI * along) + 3 * Math.sin(6 * Math.PI * along),
      speed: Math.round(speed * 100) / 100,
      hr: Math.round(hr),
      cad: Math.round(160 + speed * 3 + drift * 15),
    });
    s += speed;
  }
  const evening = new Date(t0).getUTCHours() >= 12;
  return {
    type: "ExerciseSession",
    source: "Health Connect",
    source_id: crypto.randomUUID(),
    activityType: "Running",
    title: evening ? "Evening run" : "Morning run",
    startTime: start,
    endTime: iso(t0 + points.length * 1000),
    duration: points.length,
    caloriesBurned: Math.round(km * 71),
    record_timezone: "UTC",
    gps_points: points,
    hr_samples: points.filter((_, i) => i % 5 === 0).map((p) => ({ t: p.t, bpm: p.hr })),
  };
}

const DISTANCES = [6.4, 5.1, 8.2, 5.6, 10.1, 4.8, 6.0, 5.3, 7.5, 5.0, 5.6];

/** A run every third day of the last month, mornings and evenings, today's this morning. */
export async function seedDemoRuns(url: string, token: string, today: string): Promise<void> {
  for (const [k, km] of DISTANCES.entries()) {
    const n = 30 - k * 3;
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000);
    const hour = n > 0 && k % 3 === 1 ? "18:30" : "06:00";
    const start = `${day.toISOString().slice(0, 10)}T${hour}:00.000Z`;
    await postHealthData(url, token, [demoRun(start, km, k + 1)]);
  }
}
