/** Custom exercises with images, entries with photos, sessions with supersets, phone workouts. */
import { imageForm, png } from "./client.ts";
import type { Person, World } from "./fill.ts";

async function customExercise(
  p: Person,
  name: string,
  extra: Record<string, unknown>,
  colour: number,
) {
  const form = imageForm("images", `${name}.png`, png(colour, 90, 200 - colour), {
    exerciseData: JSON.stringify({
      name,
      category: "strength",
      calories_per_hour: 400,
      is_custom: true,
      source: "custom",
      ...extra,
    }),
  });
  return p.s.call("POST", "/api/exercises", form);
}

async function exercises(w: World) {
  for (const p of [w.ben, w.dev]) {
    const squat = await customExercise(
      p,
      `Goblet squat ${p.key}`,
      { equipment: ["kettlebell"], primary_muscles: ["quadriceps"], level: "beginner" },
      20,
    );
    const row = await customExercise(
      p,
      `Ring row ${p.key}`,
      { equipment: ["rings"], primary_muscles: ["lats"], level: "intermediate" },
      120,
    );
    const stretch = await p.s.call(
      "POST",
      "/api/exercises",
      (() => {
        const f = new FormData();
        f.append(
          "exerciseData",
          JSON.stringify({
            name: `Couch stretch ${p.key}`,
            category: "stretching",
            calories_per_hour: 120,
            is_custom: true,
            source: "custom",
          }),
        );
        return f;
      })(),
    );
    // A session with two superset groups and a Cool-down set.
    for (const day of ["2026-03-07", "2026-03-08", "2026-10-25", "2026-11-01"]) {
      await p.s.post("/api/exercise-preset-entries/", {
        entry_date: day,
        name: "Upper/lower supersets",
        notes: `Session on ${day}`,
        source: "manual",
        exercises: [
          {
            exercise_id: squat.id,
            sort_order: 0,
            duration_minutes: 12,
            superset_group: 1,
            sets: [
              { set_number: 1, set_type: "Warm-up", reps: 10, weight: 12 },
              {
                set_number: 2,
                set_type: "Working Set",
                reps: 8,
                weight: 24,
                rpe: 8,
                rest_time: 90,
              },
            ],
          },
          {
            exercise_id: row.id,
            sort_order: 1,
            duration_minutes: 10,
            superset_group: 1,
            sets: [
              { set_number: 1, set_type: "Working Set", reps: 12, notes: "slow eccentric" },
              { set_number: 2, set_type: "Drop Set", reps: 8 },
            ],
          },
          {
            exercise_id: stretch.id,
            sort_order: 2,
            duration_minutes: 5,
            superset_group: 2,
            sets: [{ set_number: 1, set_type: "Cool-down", duration: 120 }],
          },
        ],
      });
    }
    // Entries with a photo each.
    for (const [i, day] of ["2026-03-09", "2026-03-10"].entries()) {
      const f = imageForm("image", `entry-${i}.png`, png(90, 30 + i * 100, 90), {
        exercise_id: squat.id,
        duration_minutes: "20",
        calories_burned: "150",
        entry_date: day,
        entry_time: "06:30",
        notes: "With a photo",
        sets: JSON.stringify([{ set_number: 1, set_type: "Working Set", reps: 10, weight: 20 }]),
      });
      await p.s.call("POST", "/api/exercise-entries/", f);
    }
  }
}

function runWorkout(start: string, minutes: number, laps: number) {
  const t0 = Date.parse(start);
  const at = (s: number) => new Date(t0 + s * 1000).toISOString();
  const gps = Array.from({ length: 25 }, (_, i) => ({
    t: at(i * minutes * 2.4),
    lat: -33.86 + i * 0.0007,
    lon: 151.2 + i * 0.0004,
    alt: 20 + (i % 5),
    speed: 3 + (i % 3) / 10,
  }));
  const hr = Array.from({ length: 25 }, (_, i) => ({
    t: at(i * minutes * 2.4),
    bpm: 120 + (i % 9) * 4,
  }));
  const lapSeconds = (minutes * 60) / laps;
  return {
    gps_points: gps,
    hr_samples: hr,
    laps: Array.from({ length: laps }, (_, i) => ({
      lap_index: i + 1,
      start_time: at(i * lapSeconds),
      end_time: at((i + 1) * lapSeconds),
      distance_meters: 1042.4,
      calories: 70 + i,
      avg_heart_rate: 140 + i,
    })),
  };
}

async function phoneWorkouts(w: World) {
  const workouts = [
    [w.ava, "2026-04-04", "2026-04-04T20:10:00.000Z", "Running", 30, 4169.6, 3],
    [w.ava, "2026-04-05", "2026-04-05T21:00:00.000Z", "Running", 26, 4020.5, 4],
    [w.dev, "2026-03-29", "2026-03-29T07:30:00.000Z", "Cycling", 45, 15200, 3],
    [w.ben, "2026-03-08", "2026-03-08T13:00:00.000Z", "Walking", 40, 3500, 2],
  ] as [Person, string, string, string, number, number, number][];
  for (const [i, [p, date, start, activityType, minutes, distance, laps]] of workouts.entries()) {
    const series = runWorkout(start, minutes, laps);
    await p.s.post(
      "/api/health-data",
      [
        {
          type: "ExerciseSession",
          source: "HealthConnect",
          date,
          timestamp: start,
          startTime: start,
          endTime: new Date(Date.parse(start) + minutes * 60000).toISOString(),
          activityType,
          caloriesBurned: 300 + i * 20,
          distance,
          duration: minutes * 60,
          source_id: `hc-workout-${p.key}-${i}`,
          ...series,
          telemetry: {
            active_calories: 260 + i * 10,
            resting_calories: 40 + i,
            aerobic_training_effect: 3.2,
            anaerobic_training_effect: 1.1,
            training_load: 88 + i,
            vo2_max_estimate: 47,
            heart_rate_recovery_1min: 28,
            gear_name: "Pegasus 41",
            gear_external_id: `gear-${i}`,
            weather_temp_celsius: 18.5,
            weather_condition: "partly cloudy",
            weather_humidity_percentage: 62,
            weather_wind_speed_mps: 3.4,
          },
        },
      ],
      { "X-Workout-Model-Version": "3" },
    );
  }
}

export const exerciseSteps = { exercises, phoneWorkouts } satisfies Record<
  string,
  (w: World) => Promise<void>
>;
