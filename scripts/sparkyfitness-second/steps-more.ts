/** The rest: custom nutrients, favourites, entry photos, injections, pregnancy logs, cycle logs, plans. */
import { imageForm, png } from "./client.ts";
import type { World } from "./fill.ts";

async function nutrientsAndFavourites(w: World) {
  const ben = w.ben;
  await ben.s.post("/api/custom-nutrients", { name: "Caffeine", unit: "mg" });
  const coffee = await ben.s.post("/api/foods", {
    name: "Cold brew",
    serving_size: 16,
    serving_unit: "oz",
    calories: 5,
    protein: 0.3,
    carbs: 0,
    fat: 0,
    custom_nutrients: { Caffeine: 200 },
    allergens: [],
    traces: ["milk"],
  });
  await ben.s.post(`/api/favorites/food/${coffee.id}`);
  const types = Object.fromEntries(
    (await ben.s.get<{ id: string; name: string }[]>("/api/meal-types")).map((m) => [m.name, m.id]),
  );
  for (const day of ["2026-03-07", "2026-03-08", "2026-11-01"]) {
    const entry = await ben.s.post("/api/food-entries/", {
      meal_type_id: types.breakfast,
      food_id: coffee.id,
      variant_id: coffee.default_variant?.id,
      quantity: 16,
      unit: "oz",
      entry_date: day,
      entry_time: "06:15",
    });
    if (day === "2026-03-08")
      await ben.s.call(
        "POST",
        `/api/food-entries/${entry.id}/image`,
        imageForm("images", "coffee.png", png(90, 60, 30), {
          images: JSON.stringify(["__new__0"]),
        }),
      );
  }
  await ben.s.call(
    "POST",
    "/api/measurements/check-in-photos/2026-03-08/front",
    imageForm("photo", "front.png", png(150, 150, 150)),
  );
}

async function injectionsAndTitration(w: World) {
  const ava = w.ava;
  const [mounjaro] = (
    await ava.s.get<{ id: string; display_name: string }[]>("/api/v2/medications")
  ).filter((m) => m.display_name === "Mounjaro");
  for (const [day, site] of [
    ["2026-03-29", "abdomen-left"],
    ["2026-04-05", "thigh-right"],
  ] as const)
    await ava.s.post("/api/v2/medications/injections", {
      medication_id: mounjaro!.id,
      injected_at: `${day}T21:30:00.000Z`,
      entry_date: day,
      site,
      dose_mg: 5,
      deduct_pen: true,
    });
  await ava.s.post(`/api/v2/medications/${mounjaro!.id}/titration`, {
    dose_mg: 2.5,
    start_date: "2026-03-01",
    planned_weeks: 4,
    step_order: 1,
    status: "done",
  });
  await ava.s.post(`/api/v2/medications/${mounjaro!.id}/titration`, {
    dose_mg: 5,
    start_date: "2026-03-29",
    planned_weeks: 4,
    step_order: 2,
    status: "active",
  });
}

async function pregnancyLogs(w: World) {
  const chitra = w.chitra;
  const current = await chitra.s.get("/api/v2/pregnancy/current");
  const kick = await chitra.s.post("/api/v2/pregnancy/kicks/start", { pregnancy_id: current.id });
  await chitra.s.put(`/api/v2/pregnancy/kicks/${kick.id}`, { kick_count: 10, ended: true });
  await chitra.s.post("/api/v2/pregnancy/contractions", {
    pregnancy_id: current.id,
    started_at: "2026-12-20T10:00:00.000Z",
    ended_at: "2026-12-20T10:01:05.000Z",
    intensity: 2,
  });
  await chitra.s.put("/api/v2/pregnancy/checklist", {
    pregnancy_id: current.id,
    custom_title: "Pack hospital bag",
    week: 34,
    completed: false,
  });
}

async function cycleLogs(w: World) {
  const ella = w.ella;
  for (const [day, flow] of [
    ["2025-09-05", "heavy"],
    ["2025-09-06", "medium"],
    ["2025-09-07", "light"],
  ] as const)
    await ella.s.put(`/api/v2/cycle/logs/${day}`, {
      flow_level: flow,
      energy: 3,
      notes: `Day of ${flow} flow`,
    });
  await ella.s.post("/api/v2/cycle/tests", {
    entry_date: "2025-09-19",
    test_type: "opk",
    result: "positive",
  });
}

async function workoutPlans(w: World) {
  const dev = w.dev;
  const mine = (await dev.s.get("/api/exercises/?currentPage=1&itemsPerPage=50")).exercises as {
    id: string;
    name: string;
  }[];
  const squat = mine.find((e) => e.name.startsWith("Goblet squat"))!;
  const row = mine.find((e) => e.name.startsWith("Ring row"))!;
  const preset = await dev.s.post("/api/workout-presets", {
    name: "Superset A",
    description: "Squat and row back to back",
    exercises: [
      {
        exercise_id: squat.id,
        sort_order: 0,
        superset_group: 1,
        sets: [{ set_number: 1, set_type: "Working Set", reps: 8, weight: 24 }],
      },
      {
        exercise_id: row.id,
        sort_order: 1,
        superset_group: 1,
        sets: [{ set_number: 1, set_type: "Cool-down", reps: 12 }],
      },
    ],
  });
  await dev.s.post("/api/workout-plan-templates", {
    plan_name: "Autumn block",
    description: "Over the October clock change",
    start_date: "2026-10-19",
    end_date: "2026-11-15",
    is_active: true,
    currentClientDate: "2026-10-19",
    assignments: [
      { day_of_week: 1, workout_preset_id: preset.id, sort_order: 0 },
      {
        day_of_week: 4,
        exercise_id: squat.id,
        sort_order: 0,
        sets: [{ set_number: 1, set_type: "Working Set", reps: 5, weight: 28 }],
      },
    ],
  });
}

export const moreSteps = {
  nutrientsAndFavourites,
  injectionsAndTitration,
  pregnancyLogs,
  cycleLogs,
  workoutPlans,
} satisfies Record<string, (w: World) => Promise<void>>;
