import type { MatrixRoute } from "../types.ts";

const PREFS = "/api/user-preferences";

// Settings: readable where the grant opens the profile, changed by the owner alone.
export const routes: MatrixRoute[] = [
  { method: "GET", path: PREFS, permission: "profile", write: false },
  {
    method: "PUT",
    path: PREFS,
    permission: "owner_only",
    write: true,
    body: { date_format: "DD/MM/YYYY" },
  },
  {
    method: "POST",
    path: `${PREFS}/bootstrap-timezone`,
    permission: "owner_only",
    write: true,
    body: { timezone: "Europe/Berlin" },
    // Every phone sync calls it first.
    keyPermissions: ["health_data_write", "data_write"],
  },
];
