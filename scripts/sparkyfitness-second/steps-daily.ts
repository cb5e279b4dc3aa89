/** Check-ins, sleep, mood, fasting, symptoms and custom measurements, through the phone's and web's calls. */
import type { World } from "./fill.ts";

async function checkIns(w: World) {
  for (const [p, weights] of [
    [
      w.ben,
      [
        ["2026-03-07", 88.45],
        ["2026-03-08", 88.2],
        ["2026-03-09", 87.9],
      ],
    ],
    [
      w.ava,
      [
        ["2026-04-04", 63.1],
        ["2026-04-05", 62.9],
        ["2026-10-04", 62.2],
      ],
    ],
  ] as const)
    for (const [day, weight] of weights)
      await p.s.post("/api/measurements/check-in", {
        entry_date: day,
        weight,
        steps: 8000,
        body_fat_percentage: 21.5,
        waist: 80,
      });
}

async function sleepAndMood(w: World) {
  const ava = w.ava;
  await ava.s.post(
    "/api/health-data",
    [
      {
        type: "SleepSession",
        source: "HealthConnect",
        timestamp: "2026-04-04T11:30:00.000Z",
        bedtime: "2026-04-04T11:30:00.000Z",
        wake_time: "2026-04-04T20:05:00.000Z",
        duration_in_seconds: 30900,
        time_asleep_in_seconds: 28800,
        sleep_score: 82,
        deep_sleep_seconds: 5400,
        light_sleep_seconds: 15000,
        rem_sleep_seconds: 6600,
        awake_sleep_seconds: 1800,
        stage_events: [
          {
            stage_type: "light",
            start_time: "2026-04-04T11:30:00.000Z",
            end_time: "2026-04-04T13:30:00.000Z",
            duration_in_seconds: 7200,
          },
          {
            stage_type: "deep",
            start_time: "2026-04-04T13:30:00.000Z",
            end_time: "2026-04-04T15:00:00.000Z",
            duration_in_seconds: 5400,
          },
          {
            stage_type: "rem",
            start_time: "2026-04-04T15:00:00.000Z",
            end_time: "2026-04-04T16:50:00.000Z",
            duration_in_seconds: 6600,
          },
        ],
      },
    ],
    { "X-Workout-Model-Version": "3" },
  );
  await ava.s.post("/api/mood/custom", {
    name: "Jet-lagged",
    display_name: "Jet-lagged",
    icon: "✈️",
    color: "#7a5cff",
  });
  for (const [day, value] of [
    ["2026-04-04", 70],
    ["2026-04-05", 55],
    ["2026-04-06", 85],
  ] as const)
    await ava.s.post("/api/mood", {
      mood_value: value,
      mood_tags: ["travel", "sleep"],
      notes: `Mood on ${day}`,
      entry_date: day,
    });
}

async function fastingAndSymptoms(w: World) {
  const dev = w.dev;
  const fast = await dev.s.post("/api/fasting/start", {
    start_time: "2026-03-28T19:00:00.000Z",
    target_end_time: "2026-03-29T11:00:00.000Z",
    fasting_type: "16:8",
  });
  await dev.s.post("/api/fasting/end", {
    id: fast.id,
    start_time: "2026-03-28T19:00:00.000Z",
    end_time: "2026-03-29T11:30:00.000Z",
    mood: { value: 75, notes: "Over the clock change" },
  });
  for (const [day, name, severity] of [
    ["2026-03-29", "Headache", 4],
    ["2026-10-25", "Fatigue", 2],
  ] as const)
    await dev.s.post("/api/v2/symptoms/entries", {
      symptom_name_snapshot: name,
      severity,
      entry_date: day,
      logged_at: `${day}T09:00:00.000Z`,
      body_location: "head",
      context_text: "After the clock change",
    });
  const glucose = await dev.s.post("/api/measurements/custom-categories", {
    name: "Blood Glucose",
    display_name: "Glucose",
    measurement_type: "mmol/L",
    frequency: "Daily",
    data_type: "numeric",
  });
  for (const [day, value] of [
    ["2026-03-28", 5.4],
    ["2026-03-29", 5.9],
    ["2026-10-25", 5.1],
  ] as const)
    await dev.s.post("/api/measurements/custom-entries", {
      category_id: glucose.id,
      value,
      entry_date: day,
      entry_timestamp: `${day}T07:00:00.000Z`,
      notes: "fasting",
    });
}

export const dailySteps = { checkIns, sleepAndMood, fastingAndSymptoms } satisfies Record<
  string,
  (w: World) => Promise<void>
>;
