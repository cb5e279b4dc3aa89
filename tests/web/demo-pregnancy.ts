import { bodyPhoto } from "./demo-photos.ts";

const CHECKLIST: [number, string, boolean][] = [
  [12, "Tell work about the pregnancy", true],
  [16, "Choose a birth hospital", true],
  [20, "Book antenatal classes", false],
  [24, "Plan the nursery", false],
];

/**
 * A pregnancy in its twenty-first week, over the API: a kick counting session, two timed
 * contractions, an appointment next week, a checklist half done and a bump photo a month. Returns the
 * first day of the last period.
 */
export async function seedDemoPregnancy(url: string, token: string): Promise<string> {
  const send = async (method: string, path: string, body: unknown) => {
    const form = body instanceof FormData;
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (!form) headers["Content-Type"] = "application/json";
    const payload = form ? body : JSON.stringify(body);
    const response = await fetch(`${url}${path}`, { method, headers, body: payload });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const lmp = new Date(Date.now() - 145 * 86_400_000).toISOString().slice(0, 10);
  const { id } = await send("POST", "/api/v2/pregnancy", { lmp_date: lmp });
  await send("POST", "/api/v2/pregnancy/kicks", {
    pregnancy_id: id,
    started_at: at(90),
    ended_at: at(70),
    kick_count: 10,
  });
  for (const [start, end] of [
    [30, 29],
    [22, 21],
  ] as const) {
    const c = await send("POST", "/api/v2/pregnancy/contractions", {
      pregnancy_id: id,
      started_at: at(start),
    });
    await send("PUT", `/api/v2/pregnancy/contractions/${c.id}`, { ended_at: at(end) });
  }
  await send("POST", "/api/v2/pregnancy/appointments", {
    pregnancy_id: id,
    scheduled_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    title: "Anomaly scan",
    location: "City hospital",
  });
  for (const [week, custom_title, completed] of CHECKLIST) {
    await send("PUT", "/api/v2/pregnancy/checklist", {
      pregnancy_id: id,
      week,
      custom_title,
      completed,
    });
  }
  // A bump photo every four weeks from week 12, the last today.
  for (const weeksAgo of [8, 4, 0]) {
    const form = new FormData();
    const photo = bodyPhoto("side", 1, 16 - weeksAgo * 1.6);
    form.append("photo", new File([photo], "bump.png", { type: "image/png" }));
    form.append(
      "entry_date",
      new Date(Date.now() - weeksAgo * 7 * 86_400_000).toISOString().slice(0, 10),
    );
    await send("POST", `/api/v2/pregnancy/photos/${id}`, form);
  }
  return lmp;
}
