/** Workout and check-in data sent over the API the way a phone app syncs it. */

const iso = (ms: number) => new Date(ms).toISOString();

/** The calendar day `n` days before `today` (YYYY-MM-DD). */
export const dayBefore = (today: string, n: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** POSTs `body` as JSON for the bearer of `token`; throws on an error answer. */
export async function postJson<T = { id: string }>(
  url: string,
  token: string,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A runner's heart rate `s` seconds into a run of `total`: a warm-up to about 150 bpm in the
 * first minutes, small swings with the terrain, a faster finish.
 */
export function heartRate(s: number, total: number): number {
  return Math.round(152 - 45 * Math.exp(-s / 150) + 4 * Math.sin(s / 45) + 10 * (s / total) ** 4);
}

/** A 20-minute run heading north-east with heart rate, cadence and altitude on every point. */
export function runRecord(start: string): Record<string, unknown> {
  const t0 = Date.parse(start);
  const count = 1200;
  const points = Array.from({ length: count }, (_, i) => ({
    t: iso(t0 + i * 1000),
    lat: 45 + i * 0.00002,
    lon: 7 + i * 0.00001,
    alt: 200 + 10 * Math.sin(i / 100),
    speed: 2.8 + 0.3 * Math.sin(i / 50),
    hr: heartRate(i, count),
    cad: 170,
  }));
  return {
    type: "ExerciseSession",
    source: "Health Connect",
    source_id: crypto.randomUUID(),
    activityType: "Running",
    title: "Morning run",
    startTime: start,
    endTime: iso(t0 + count * 1000),
    duration: count,
    caloriesBurned: 250,
    record_timezone: "UTC",
    gps_points: points,
    hr_samples: points.filter((_, i) => i % 5 === 0).map((p) => ({ t: p.t, bpm: p.hr })),
  };
}

/** Runs `task` over `items`, `width` at a time. */
export async function inParallel<T>(
  items: T[],
  width: number,
  task: (item: T) => Promise<unknown>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

export async function postHealthData(
  url: string,
  token: string,
  records: unknown[],
): Promise<void> {
  const response = await fetch(`${url}/api/health-data`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(records),
  });
  if (!response.ok) throw new Error(`health-data: ${response.status} ${await response.text()}`);
}

/** A second account made over the API, with a helper for its own JSON calls. */
export async function signUpOverApi(url: string, name: string) {
  const email = `${crypto.randomUUID()}@example.test`;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", name }),
  });
  const { token } = (await signUp.json()) as { token: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return { email, token, call };
}
