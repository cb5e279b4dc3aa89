import m00001 from "../../sql/00001_init.sql" with { type: "text" };
import m00002 from "../../sql/00002_sessions_and_api_keys.sql" with { type: "text" };
import m00003 from "../../sql/00003_check_in_measurements.sql" with { type: "text" };
import m00004 from "../../sql/00004_accounts.sql" with { type: "text" };
import m00005 from "../../sql/00005_check_in_photos.sql" with { type: "text" };
import m00006 from "../../sql/00006_health_data.sql" with { type: "text" };
import m00007 from "../../sql/00007_workouts.sql" with { type: "text" };
import m00008 from "../../sql/00008_family_access.sql" with { type: "text" };

export type Migration = { version: number; name: string; sql: string };

// Listed explicitly so the compiled binary embeds each file; a test checks this list
// matches the sql/ directory.
export const migrations: Migration[] = [
  { version: 1, name: "00001_init", sql: m00001 },
  { version: 2, name: "00002_sessions_and_api_keys", sql: m00002 },
  { version: 3, name: "00003_check_in_measurements", sql: m00003 },
  { version: 4, name: "00004_accounts", sql: m00004 },
  { version: 5, name: "00005_check_in_photos", sql: m00005 },
  { version: 6, name: "00006_health_data", sql: m00006 },
  { version: 7, name: "00007_workouts", sql: m00007 },
  { version: 8, name: "00008_family_access", sql: m00008 },
];
