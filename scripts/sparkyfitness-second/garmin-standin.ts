/**
 * A small local stand-in for SparkyFitness's Garmin microservice (its
 * GARMIN_MICROSERVICE_URL): it answers the login and the health-and-wellness calls the
 * old server makes (integrations/garminconnect/garminConnectService.ts) with per-day data
 * in the shapes its processor reads (services/garmin/garminHealthProcessor.ts). The data
 * is a pure function of the user id and the day, so a sync gives the same rows each time.
 *
 *   bun scripts/sparkyfitness-second/garmin-standin.ts [port]   (default 3912)
 */
const port = Number(process.argv[2] ?? 3912);

function base64url(text: string) {
  return Buffer.from(text).toString("base64url");
}

function tokensFor(userId: string) {
  const payload = { exp: 1830297600, garmin_guid: `guid-${userId.slice(0, 8)}` };
  return {
    di_token: `${base64url('{"alg":"none"}')}.${base64url(JSON.stringify(payload))}.sig`,
    di_refresh_token: `refresh-${userId.slice(0, 8)}`,
    di_client_id: "garmin-connect-mobile-standin",
  };
}

function days(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`);) {
    out.push(d.toISOString().slice(0, 10));
    d = new Date(d.getTime() + 86_400_000);
  }
  return out;
}

// A small deterministic number from the day: each day's values differ, the same day's never.
function seed(day: string, salt: number): number {
  let h = salt;
  for (const c of day) h = (h * 31 + c.charCodeAt(0)) % 1_000_003;
  return h;
}

function at(day: string, hour: number, minute = 0) {
  return `${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00.000Z`;
}

function healthFor(day: string) {
  const s = seed(day, 7);
  return {
    daily_summary: {
      date: day,
      total_steps: 6000 + (s % 6000),
      total_distance: Number((4 + (s % 50) / 10).toFixed(2)),
      active_calories: 300 + (s % 400),
      bmr_calories: 1500 + (s % 200),
      resting_heart_rate: 52 + (s % 10),
      avg_stress_level: 25 + (s % 20),
      max_stress_level: 70 + (s % 25),
    },
    heart_rates: {
      date: day,
      HeartRate: [6, 9, 12, 15, 18, 21].map((h, i) => ({
        time: at(day, h, 5),
        data: 58 + ((s + i * 13) % 60),
      })),
    },
    hrv: {
      date: day,
      hrvValue: [1, 2, 3, 4, 5, 6].map((h, i) => ({
        time: at(day, h, 30),
        data: 38 + ((s + i * 7) % 30),
      })),
      last_night_avg: 45 + (s % 15),
      status: "BALANCED",
    },
    respiration: {
      date: day,
      sleep_respiration_avg: 13 + (s % 30) / 10,
      awake_respiration_avg: 15 + (s % 20) / 10,
      average_respiration_rate: 14 + (s % 25) / 10,
    },
    spo2: { date: day, average_spo2: 94 + (s % 5) },
    stress: {
      date: day,
      average_stress_level: 25 + (s % 20),
      stressLevel: [8, 10, 12, 14, 16, 18].map((h, i) => ({
        time: at(day, h),
        stress_level: 15 + ((s + i * 11) % 70),
      })),
      BodyBatteryLevel: [7, 13, 19].map((h, i) => ({
        time: at(day, h),
        stress_level: 90 - i * 25 - (s % 10),
      })),
    },
    body_battery: {
      date: day,
      body_battery_highest: 85 + (s % 15),
      body_battery_lowest: 10 + (s % 15),
      body_battery_charged: 50 + (s % 30),
      body_battery_drained: 55 + (s % 30),
    },
    blood_pressure: {
      date: day,
      value: `${115 + (s % 15)}/${72 + (s % 10)}, ${60 + (s % 8)} bpm`,
      timestamp: `${day} 07:15:00`,
    },
    race_predictions: {
      date: day,
      race_prediction_5k: 1500 + (s % 120),
      race_prediction_10k: 3150 + (s % 200),
      race_prediction_half_marathon: 7000 + (s % 300),
      race_prediction_marathon: 14800 + (s % 600),
    },
    training_readiness: { date: day, training_readiness_score: 40 + (s % 55) },
    max_metrics: { date: day, vo2_max: 44 + (s % 6) },
    intensity_minutes: { date: day, total_intensity_minutes: 20 + (s % 60) },
    floors: { date: day, floors_ascended: 5 + (s % 12), floors_descended: 4 + (s % 12) },
  };
}

Bun.serve({
  hostname: "127.0.0.1",
  port,
  async fetch(req) {
    const path = new URL(req.url).pathname;
    const body = req.method === "POST" ? ((await req.json()) as Record<string, unknown>) : {};
    if (path === "/auth/garmin/login")
      return Response.json({ status: "success", tokens: tokensFor(String(body.user_id)) });
    if (path === "/data/health_and_wellness") {
      const data: Record<string, unknown[]> = {};
      for (const day of days(String(body.start_date), String(body.end_date)))
        for (const [metric, value] of Object.entries(healthFor(day)))
          (data[metric] ??= []).push(value);
      return Response.json({
        user_id: body.user_id,
        start_date: body.start_date,
        end_date: body.end_date,
        data,
      });
    }
    if (path === "/data/activities_and_workouts")
      return Response.json({ user_id: body.user_id, activities: [], workouts: [] });
    return Response.json({ detail: `the stand-in does not answer ${path}` }, { status: 404 });
  },
});
console.log(`Garmin stand-in on 127.0.0.1:${port}`);
