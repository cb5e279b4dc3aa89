/** The demo's medications and cycle history, sent over the API as the phone app sends them. */

type Send = (method: string, path: string, body: unknown) => Promise<{ id: string }>;

function sender(url: string, token: string): Send {
  return async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
}

const dayBefore = (today: string, n: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

const MEDICATIONS = [
  { name: "Levothyroxine", dose_amount: 50, dose_unit: "µg", type_id: "tablet", at: "07:00" },
  { name: "Prenatal vitamin", dose_amount: 1, dose_unit: "tablet", supplement: true, at: "08:30" },
  { name: "Iron", dose_amount: 14, dose_unit: "mg", supplement: true, at: "13:00" },
  { name: "Vitamin D", dose_amount: 25, dose_unit: "µg", supplement: true, at: "20:00" },
];

/**
 * Three supplements and a thyroid tablet taken daily for a month (the demo runs in UTC): a
 * dose now and then forgotten or skipped, and today's doses taken up to the present hour.
 */
export async function seedMedications(url: string, token: string, today: string): Promise<void> {
  const send = sender(url, token);
  const now = Date.now();
  for (const [i, med] of MEDICATIONS.entries()) {
    const { id } = await send("POST", "/api/v2/medications", {
      name: med.name,
      dose_amount: med.dose_amount,
      dose_unit: med.dose_unit,
      type_id: med.supplement ? "supplement" : med.type_id,
      is_supplement: Boolean(med.supplement),
    });
    const schedule = await send("POST", `/api/v2/medications/${id}/schedules`, {
      schedule_type_id: "daily",
      time_of_day: med.at,
      start_date: dayBefore(today, 40),
    });
    for (let n = 29; n >= 0; n--) {
      const scheduled = Date.parse(`${dayBefore(today, n)}T${med.at}:00Z`);
      if (scheduled > now || (n > 0 && (n * 7 + i * 3) % 17 === 0)) continue;
      await send("POST", "/api/v2/medications/entries", {
        medication_id: id,
        schedule_id: schedule.id,
        scheduled_for: new Date(scheduled).toISOString(),
        taken_at: new Date(scheduled + ((n * 13 + i * 5) % 25) * 60_000).toISOString(),
        status: (n + i) % 11 === 0 ? "skipped" : "taken",
      });
    }
  }
}

/** Six periods of a regular 28-day cycle, the last the one before the pregnancy. */
export async function seedCycleHistory(url: string, token: string, lmp: string): Promise<void> {
  const send = sender(url, token);
  for (let k = 6; k >= 0; k--) {
    const start = dayBefore(lmp, k * 28 + (k % 3));
    await send("POST", "/api/v2/cycle/cycles", {
      start_date: start,
      end_date: dayBefore(start, -(4 + (k % 2))),
    });
  }
}
