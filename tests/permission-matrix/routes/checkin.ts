import type { MatrixOwner, MatrixRoute } from "../types.ts";
import { ownerJson } from "../seeds.ts";

const CHECK_IN = "/api/measurements/check-in";
const DAY = "2026-03-01";

async function seedCheckIn(owner: MatrixOwner) {
  const { data } = await ownerJson(owner, "POST", CHECK_IN, { entry_date: DAY, weight: 70.5 });
  return { id: data.id as string };
}

export const routes: MatrixRoute[] = [
  {
    method: "POST",
    path: CHECK_IN,
    permission: "can_manage_checkin",
    write: true,
    body: { entry_date: DAY, weight: 71 },
  },
  {
    method: "GET",
    path: `${CHECK_IN}/${DAY}`,
    permission: "can_manage_checkin",
    write: false,
    seed: seedCheckIn,
  },
  {
    method: "PUT",
    path: `${CHECK_IN}/${DAY}`,
    permission: "can_manage_checkin",
    write: true,
    body: { waist: 80 },
    seed: seedCheckIn,
  },
  {
    method: "DELETE",
    path: (s) => `${CHECK_IN}/${s.id}`,
    permission: "can_manage_checkin",
    write: true,
    seed: seedCheckIn,
  },
  {
    method: "GET",
    path: `/api/measurements/check-in-measurements-range/2026-02-01/${DAY}`,
    permission: "can_manage_checkin",
    write: false,
    seed: seedCheckIn,
  },
  {
    method: "GET",
    path: `/api/measurements/check-in/latest-on-or-before-date?date=${DAY}`,
    permission: "can_manage_checkin",
    write: false,
    seed: seedCheckIn,
  },
];
