import type { MatrixOwner, MatrixRoute, Seeded } from "../types.ts";
import { ids, ingestAsOwner, ownerJson } from "../seeds.ts";

// Water and goal plans are diary data; sleep, fasting, mood, vitals and custom measurements
// check-in data; the daily summary and the reports need can_view_reports.
const DAY = "2026-03-03";
const diary = (write: boolean) => ({ permission: "can_manage_diary", write }) as const;
const checkin = (write: boolean) => ({ permission: "can_manage_checkin", write }) as const;
const reports = { permission: "can_view_reports", write: false } as const;
const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 8)}`;

async function seedWater(owner: MatrixOwner) {
  const containerName = unique("Glass");
  const container = await ownerJson(owner, "POST", "/api/water-containers", {
    name: containerName,
    volume: 300,
  });
  await ownerJson(owner, "POST", "/api/measurements/water-intake", {
    entry_date: DAY,
    water_ml: 410,
  });
  const day = await ownerJson(owner, "GET", `/api/measurements/water-intake/${DAY}`);
  return ids({ container: String(container.id), containerName, entry: day.entries.at(-1).id });
}

async function seedSleep(owner: MatrixOwner) {
  const sleep = await ownerJson(owner, "POST", "/api/sleep", {
    bedtime: `${DAY}T00:00:00Z`,
    wake_time: `${DAY}T06:00:00Z`,
  });
  return ids({ sleep: sleep.id });
}

// One fast runs at a time, so each caller's seed ends the previous one first.
async function seedFast(owner: MatrixOwner) {
  await owner.request("POST", "/api/fasting/end", {});
  const fast = await ownerJson(owner, "POST", "/api/fasting/start", { fasting_type: "16:8" });
  return ids({ fast: fast.id });
}

async function seedMood(owner: MatrixOwner) {
  const mood = await ownerJson(owner, "POST", "/api/mood", { entry_date: DAY, mood_value: 7 });
  const custom = await ownerJson(owner, "POST", "/api/mood/custom-moods", { name: unique("calm") });
  return ids({ mood: mood.id, custom: custom.id });
}

async function seedVitals(owner: MatrixOwner) {
  const vitals = await ownerJson(owner, "POST", "/api/vitals", {
    measured_at: `${DAY}T08:00:00Z`,
    entry_date: DAY,
    systolic_mmhg: 118,
  });
  return ids({ vitals: vitals.id });
}

async function seedCustom(owner: MatrixOwner) {
  const category = await ownerJson(owner, "POST", "/api/measurements/custom-categories", {
    name: unique("Grip"),
  });
  const entry = await ownerJson(owner, "POST", "/api/measurements/custom-entries", {
    category_id: category.id,
    value: 41,
    entry_date: DAY,
  });
  return ids({ category: category.id, entry: entry.id });
}

async function seedGoals(owner: MatrixOwner) {
  const goal = await ownerJson(owner, "POST", "/api/goals/manage-timeline", {
    start_date: DAY,
    calories: 2345,
  });
  const preset = await ownerJson(owner, "POST", "/api/goal-presets", {
    preset_name: unique("Rest"),
    calories: 1900,
  });
  const plan = await ownerJson(owner, "POST", "/api/weekly-goal-plans", {
    plan_name: unique("Block"),
    start_date: DAY,
    monday_preset_id: preset.id,
  });
  return ids({ goal: goal.id, preset: preset.id, plan: plan.id });
}

async function seedDay(owner: MatrixOwner) {
  await ingestAsOwner(owner, [
    { type: "Nutrition", date: DAY, calories: 420, source_id: unique("meal") },
  ]);
  const summary = await ownerJson(owner, "GET", `/api/daily-summary?date=${DAY}`);
  return ids({ food: summary.foodEntries[0].id });
}

const range = "startDate=2026-03-01&endDate=2026-03-07";

export const routes: MatrixRoute[] = [
  // Water
  ...["/api/measurements", "/api/v2/measurements"].flatMap((base): MatrixRoute[] => [
    { ...diary(false), method: "GET", path: `${base}/water-intake/${DAY}`, seed: seedWater },
    {
      ...diary(true),
      method: "POST",
      path: `${base}/water-intake`,
      body: { entry_date: DAY, water_ml: 200 },
    },
  ]),
  {
    ...diary(false),
    method: "GET",
    path: `/api/v2/measurements/water-intake/${DAY}/log`,
    seed: seedWater,
  },
  {
    ...diary(true),
    method: "DELETE",
    path: (s) => `/api/measurements/water-intake/entry/${s.entry}`,
    seed: seedWater,
  },
  { ...diary(false), method: "GET", path: "/api/water-containers", seed: seedWater },
  {
    ...diary(true),
    method: "POST",
    path: "/api/water-containers",
    body: { name: "Mug", volume: 350 },
    okStatus: 201,
  },
  {
    ...diary(true),
    method: "PUT",
    path: (s) => `/api/water-containers/${s.container}`,
    body: { volume: 320 },
    seed: seedWater,
  },
  {
    ...diary(true),
    method: "PUT",
    path: (s) => `/api/water-containers/${s.container}/set-primary`,
    seed: seedWater,
  },
  {
    ...diary(true),
    method: "DELETE",
    path: (s) => `/api/water-containers/${s.container}`,
    seed: seedWater,
  },
  // Sleep
  { ...checkin(false), method: "GET", path: `/api/sleep?date=${DAY}`, seed: seedSleep },
  { ...checkin(false), method: "GET", path: (s) => `/api/sleep/${s.sleep}`, seed: seedSleep },
  {
    ...checkin(false),
    method: "GET",
    path: `/api/sleep/details?startDate=${DAY}&endDate=${DAY}`,
    seed: seedSleep,
  },
  {
    ...checkin(true),
    method: "POST",
    path: "/api/sleep",
    body: { bedtime: `${DAY}T13:00:00Z`, wake_time: `${DAY}T13:40:00Z` },
    okStatus: 201,
  },
  {
    ...checkin(true),
    method: "PUT",
    path: (s) => `/api/sleep/${s.sleep}`,
    body: { bedtime: `${DAY}T00:30:00Z`, wake_time: `${DAY}T06:00:00Z` },
    seed: seedSleep,
  },
  { ...checkin(true), method: "DELETE", path: (s) => `/api/sleep/${s.sleep}`, seed: seedSleep },
  // Fasting
  { ...checkin(false), method: "GET", path: "/api/fasting/current", seed: seedFast },
  { ...checkin(false), method: "GET", path: "/api/fasting/history", seed: seedFast },
  { ...checkin(false), method: "GET", path: "/api/fasting/stats", seed: seedFast },
  {
    ...checkin(true),
    method: "POST",
    path: "/api/fasting/start",
    body: { fasting_type: "18:6" },
    seed: async (owner) => {
      await owner.request("POST", "/api/fasting/end", {});
      return {};
    },
    okStatus: 201,
  },
  { ...checkin(true), method: "POST", path: "/api/fasting/end", body: {}, seed: seedFast },
  {
    ...checkin(true),
    method: "PUT",
    path: (s) => `/api/fasting/${s.fast}`,
    body: { notes: "ok" },
    seed: seedFast,
  },
  { ...checkin(true), method: "DELETE", path: (s) => `/api/fasting/${s.fast}`, seed: seedFast },
  // Mood
  { ...checkin(false), method: "GET", path: `/api/mood?date=${DAY}`, seed: seedMood },
  { ...checkin(false), method: "GET", path: (s) => `/api/mood/${s.mood}`, seed: seedMood },
  { ...checkin(false), method: "GET", path: `/api/mood/date/${DAY}`, seed: seedMood },
  { ...checkin(true), method: "POST", path: "/api/mood", body: { entry_date: DAY, mood_value: 5 } },
  {
    ...checkin(true),
    method: "PUT",
    path: (s) => `/api/mood/${s.mood}`,
    body: { mood_value: 4 },
    seed: seedMood,
  },
  { ...checkin(true), method: "DELETE", path: (s) => `/api/mood/${s.mood}`, seed: seedMood },
  { ...checkin(false), method: "GET", path: "/api/mood/custom-moods", seed: seedMood },
  {
    ...checkin(true),
    method: "POST",
    path: "/api/mood/custom-moods",
    body: () => ({ name: unique("proud") }),
    okStatus: 201,
  },
  {
    ...checkin(true),
    method: "DELETE",
    path: (s) => `/api/mood/custom-moods/${s.custom}`,
    seed: seedMood,
  },
  // Vitals
  { ...checkin(false), method: "GET", path: `/api/vitals?date=${DAY}`, seed: seedVitals },
  {
    ...checkin(true),
    method: "POST",
    path: "/api/vitals",
    body: { spo2_percent: 97 },
    okStatus: 201,
  },
  {
    ...checkin(true),
    method: "PUT",
    path: (s) => `/api/vitals/${s.vitals}`,
    body: { pulse_bpm: 61 },
    seed: seedVitals,
  },
  { ...checkin(true), method: "DELETE", path: (s) => `/api/vitals/${s.vitals}`, seed: seedVitals },
  // Custom measurements
  {
    ...checkin(false),
    method: "GET",
    path: "/api/measurements/custom-categories",
    seed: seedCustom,
  },
  {
    ...checkin(true),
    method: "POST",
    path: "/api/measurements/custom-categories",
    body: () => ({ name: unique("Reach") }),
    okStatus: 201,
  },
  {
    ...checkin(true),
    method: "PUT",
    path: (s) => `/api/measurements/custom-categories/${s.category}`,
    body: { unit: "kg" },
    seed: seedCustom,
  },
  {
    ...checkin(true),
    method: "DELETE",
    path: (s) => `/api/measurements/custom-categories/${s.category}`,
    seed: seedCustom,
  },
  {
    ...checkin(false),
    method: "GET",
    path: `/api/measurements/custom-entries?${range}`,
    seed: seedCustom,
  },
  {
    ...checkin(false),
    method: "GET",
    path: `/api/measurements/custom-entries/${DAY}`,
    seed: seedCustom,
  },
  {
    ...checkin(true),
    method: "POST",
    path: "/api/measurements/custom-entries",
    body: (s: Seeded) => ({ category_id: s.category, value: 40, entry_date: DAY }),
    seed: seedCustom,
  },
  {
    ...checkin(true),
    method: "PUT",
    path: (s) => `/api/measurements/custom-entries/${s.entry}`,
    body: { value: 42 },
    seed: seedCustom,
  },
  {
    ...checkin(true),
    method: "DELETE",
    path: (s) => `/api/measurements/custom-entries/${s.entry}`,
    seed: seedCustom,
  },
  // Goals
  { ...diary(false), method: "GET", path: `/api/goals/for-date?date=${DAY}`, seed: seedGoals },
  { ...diary(false), method: "GET", path: "/api/goals/timeline", seed: seedGoals },
  {
    ...diary(true),
    method: "POST",
    path: "/api/goals/manage-timeline",
    body: { start_date: DAY, calories: 2100 },
  },
  { ...diary(true), method: "DELETE", path: `/api/goals/timeline/${DAY}`, seed: seedGoals },
  // Micronutrient targets (DRI, or one's own)
  { ...diary(false), method: "GET", path: `/api/micronutrient-targets?date=${DAY}` },
  {
    ...diary(true),
    method: "PUT",
    path: "/api/micronutrient-targets",
    body: { date: DAY, targets: { Magnesium: 380 } },
  },
  // The same rows under both paths (the web client of that kind of server calls v2).
  ...["/api/goal-presets", "/api/v2/goal-presets"].flatMap((base): MatrixRoute[] => [
    { ...diary(false), method: "GET", path: base, seed: seedGoals },
    {
      ...diary(true),
      method: "POST",
      path: base,
      body: { preset_name: "Hard", calories: 2800 },
      okStatus: 201,
    },
    {
      ...diary(true),
      method: "PUT",
      path: (s) => `${base}/${s.preset}`,
      body: { calories: 1950 },
      seed: seedGoals,
    },
    {
      ...diary(true),
      method: "DELETE",
      path: (s) => `${base}/${s.preset}`,
      seed: seedGoals,
    },
  ]),
  { ...diary(false), method: "GET", path: "/api/weekly-goal-plans", seed: seedGoals },
  {
    ...diary(true),
    method: "POST",
    path: "/api/weekly-goal-plans",
    body: { plan_name: "Base", start_date: DAY },
    okStatus: 201,
  },
  {
    ...diary(true),
    method: "PUT",
    path: (s) => `/api/weekly-goal-plans/${s.plan}`,
    body: { is_active: false },
    seed: seedGoals,
  },
  {
    ...diary(true),
    method: "DELETE",
    path: (s) => `/api/weekly-goal-plans/${s.plan}`,
    seed: seedGoals,
  },
  // Summary and reports
  { ...reports, method: "GET", path: `/api/daily-summary?date=${DAY}`, seed: seedDay },
  { ...reports, method: "GET", path: `/api/daily-summary/range?${range}`, seed: seedDay },
  { ...reports, method: "GET", path: `/api/reports?${range}`, seed: seedDay },
  { ...reports, method: "GET", path: `/api/reports/mini-nutrition-trends?${range}`, seed: seedDay },
  { ...reports, method: "GET", path: `/api/reports/nutrition/csv?${range}`, seed: seedDay },
];
