import type { MatrixRoute } from "../types.ts";
import { seedWorkout } from "./workouts.ts";

// Health telemetry belongs to check-ins (spec's permission table); reads are downgraded.
const telemetryRead = {
  permission: "can_manage_checkin",
  write: false,
  seed: seedWorkout,
} as const;

export const routes: MatrixRoute[] = [
  { ...telemetryRead, method: "GET", path: (s) => `/api/generic-health/workout-gps/${s.entry}` },
  { ...telemetryRead, method: "GET", path: (s) => `/api/generic-health/workout-laps/${s.entry}` },
  {
    ...telemetryRead,
    method: "GET",
    path: (s) => `/api/generic-health/workout-hr-zones/${s.entry}`,
  },
  {
    ...telemetryRead,
    method: "GET",
    path: (s) => `/api/generic-health/workout-sessions/${s.entry}`,
  },
  {
    ...telemetryRead,
    method: "GET",
    path: "/api/generic-health/samples?metric=heart_rate&date=2026-03-03",
  },
];
