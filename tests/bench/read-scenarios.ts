/** Read scenarios: a 2,000-point track in each form and encoding, and a day's samples. */
import type { Send } from "./load.ts";

type ReadBase = { baseUrl: string; token: string; day: string };

/** The id of the workout posted with `sourceId`, read back through the by-date list. */
export async function findWorkoutId(base: ReadBase, sourceId: string): Promise<string> {
  const response = await fetch(
    `${base.baseUrl}/api/exercise-entries/by-date?selectedDate=${base.day}`,
    { headers: { Authorization: `Bearer ${base.token}` } },
  );
  const entries = (await response.json()) as { id: string; source_id: string | null }[];
  const entry = entries.find((e) => e.source_id === sourceId);
  if (!entry) throw new Error(`no workout ${sourceId} on ${base.day}`);
  return entry.id;
}

/**
 * d..i: the track as points (identity, gzip, brotli), as columns, revalidated with its
 * ETag (304), and the day's heart-rate samples. Letters continue the write scenarios'.
 */
export async function readScenarios(base: ReadBase, workoutId: string) {
  const auth = { Authorization: `Bearer ${base.token}` };
  const track = `${base.baseUrl}/api/generic-health/workout-gps/${workoutId}`;
  const get = (url: string, encoding: string, extra: Record<string, string> = {}): Send => ({
    url,
    headers: { ...auth, "Accept-Encoding": encoding, ...extra },
  });
  const first = await fetch(track, { headers: auth });
  await first.arrayBuffer();
  const etag = first.headers.get("etag") ?? '"none"';
  return [
    { scenario: "d track points", request: get(track, "identity") },
    { scenario: "e track gzip", request: get(track, "gzip") },
    { scenario: "f track br", request: get(track, "br, gzip") },
    { scenario: "g track columns", request: get(`${track}?format=columns`, "identity") },
    {
      scenario: "h track 304",
      request: { ...get(track, "br, gzip", { "If-None-Match": etag }), expectStatus: 304 },
    },
    {
      scenario: "i day samples",
      request: get(
        `${base.baseUrl}/api/generic-health/samples?metric=heart_rate&date=${base.day}`,
        "identity",
      ),
    },
  ];
}
