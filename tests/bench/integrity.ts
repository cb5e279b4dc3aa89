import { WORKOUT } from "./payloads.ts";

export type IntegrityResult = { ok: boolean; details: string[] };

/**
 * After concurrent re-posts of one workout: exactly one entry for its source_id, with every
 * GPS point, every lap and the heart-rate zones, as a user reading it back would see it.
 */
export async function checkWorkoutIntegrity(
  baseUrl: string,
  token: string,
  sourceId: string,
  day: string,
): Promise<IntegrityResult> {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  };
  const problems: string[] = [];
  const entries = await get(`/api/exercise-entries/by-date?selectedDate=${day}`);
  if (entries.status !== 200) {
    return { ok: false, details: [`by-date answered ${entries.status}: ${short(entries.body)}`] };
  }
  const matching = listOf(entries.body).filter(
    (e) => (e as { source_id?: unknown }).source_id === sourceId,
  ) as { id: string }[];
  if (matching.length !== 1) problems.push(`${matching.length} entries for the source_id`);
  if (matching.length === 0) return { ok: false, details: problems };

  const id = matching[0]!.id;
  const expect = async (
    path: string,
    label: string,
    wanted: (n: number) => boolean,
    want: string,
    rows = listOf,
  ) => {
    const answer = await get(path);
    const count = answer.status === 200 ? rows(answer.body).length : -1;
    const found =
      answer.status === 200 ? `${count}` : `status ${answer.status} ${short(answer.body)}`;
    if (!wanted(count)) problems.push(`${label}: ${found}, expected ${want}`);
    return `${label} ${found}`;
  };
  const seen = [
    await expect(
      `/api/generic-health/workout-gps/${id}`,
      "gps points",
      (n) => n === WORKOUT.points,
      `${WORKOUT.points}`,
    ),
    await expect(
      `/api/generic-health/workout-laps/${id}`,
      "laps",
      (n) => n === WORKOUT.laps,
      `${WORKOUT.laps}`,
    ),
    await expect(`/api/generic-health/workout-hr-zones/${id}`, "hr zones", (n) => n === 5, "5"),
    await expect(
      `/api/generic-health/samples?metric=heart_rate&date=${day}`,
      "hr samples of the day",
      (n) => n === WORKOUT.hrSamples,
      `${WORKOUT.hrSamples}`,
      samplesOf,
    ),
  ];
  return { ok: problems.length === 0, details: problems.length ? problems : seen };
}

/** The answer's rows: read answers are `{data: [...]}` or `{data: {points: [...]}}`. */
function listOf(body: unknown): unknown[] {
  const data = body && typeof body === "object" && "data" in body ? body.data : body;
  if (Array.isArray(data)) return data;
  const points = (data as { points?: unknown } | null)?.points;
  return Array.isArray(points) ? points : [];
}

/** Samples of all `{samples: [...]}` groups (one group per source and day). */
function samplesOf(body: unknown): unknown[] {
  return listOf(body).flatMap((group) => (group as { samples?: unknown[] }).samples ?? []);
}

function short(body: unknown): string {
  return JSON.stringify(body).slice(0, 200);
}
