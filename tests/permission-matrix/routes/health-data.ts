import type { MatrixOwner, MatrixRoute } from "../types.ts";
import { ids, ingestAsOwner, ownerJson } from "../seeds.ts";

const DAY = "2026-03-02";

async function seedSync(owner: MatrixOwner) {
  const processed = await ingestAsOwner(owner, [
    { type: "water", value: 500, date: DAY },
    { type: "Active Calories", value: 210, date: DAY },
    { type: "Body Temp", value: 36.6, date: DAY },
    { type: "Mood", value: 7, date: DAY },
    { type: "SleepSession", bedtime: `${DAY}T00:00:00Z`, wake_time: `${DAY}T06:30:00Z` },
  ]);
  const [sleep] = await ownerJson(owner, "GET", `/api/sleep?date=${DAY}`);
  const [category] = await ownerJson(owner, "GET", "/api/measurements/custom-categories");
  return ids({
    water: processed[0]?.data.id,
    calories: processed[1]?.data.id,
    temperature: processed[2]?.data.id,
    mood: processed[3]?.data.id,
    sleep: sleep.id,
    category: category.id,
  });
}

const checkinRead = { permission: "can_manage_checkin", write: false, seed: seedSync } as const;

export const routes: MatrixRoute[] = [
  // Sync always writes the credential owner's own data: acting for someone is refused.
  {
    method: "POST",
    path: "/api/health-data",
    permission: "owner_only",
    write: true,
    keyPermissions: ["health_data_write"],
    body: [{ type: "weight", value: 70, date: DAY }],
  },
  {
    method: "GET",
    path: `/api/measurements/water-intake/${DAY}`,
    permission: "can_manage_diary",
    write: false,
    seed: seedSync,
  },
  { ...checkinRead, method: "GET", path: "/api/measurements/custom-categories" },
  { ...checkinRead, method: "GET", path: `/api/measurements/custom-entries/${DAY}` },
  { ...checkinRead, method: "GET", path: `/api/measurements/active-calories/${DAY}` },
  { ...checkinRead, method: "GET", path: `/api/sleep?date=${DAY}` },
  { ...checkinRead, method: "GET", path: (s) => `/api/sleep/${s.sleep}` },
  { ...checkinRead, method: "GET", path: `/api/mood?date=${DAY}` },
];
