import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { STORED_COLUMNS, type Preferences, type PreferencesUpdate } from "./schemas.ts";

type ProfileUnits = {
  timezone: string;
  weight_unit: "kg" | "lbs" | "st";
  distance_unit: "km" | "miles";
  height_unit: "cm" | "inches" | "ft_in";
  energy_unit: "kcal" | "kJ";
};
type Row = ProfileUnits & Omit<Preferences, keyof typeof PROFILE_NAMES | "timezone">;

// Preference name -> profile column; stones are 'st' in the profile, 'st_lbs' in the app.
const PROFILE_NAMES = {
  default_weight_unit: "weight_unit",
  default_distance_unit: "distance_unit",
  default_measurement_unit: "height_unit",
  energy_unit: "energy_unit",
} as const;

/** The user's preferences: their settings row joined with the profile's units and zone. */
export async function readPreferences(tx: Tx, userId: string): Promise<Preferences> {
  return preferencesOf(await selectPreferences(tx, userId));
}

/** The one statement readPreferences sends (for rowsAsCaller); preferencesOf shapes its rows. */
export function selectPreferences(tx: Tx, userId: string) {
  return tx<Row[]>`
    select p.timezone, p.weight_unit, p.distance_unit, p.height_unit, p.energy_unit,
           ${tx(STORED_COLUMNS.map((column) => `s.${column}`))}
      from user_profiles p join user_preferences s on s.user_id = p.user_id
     where p.user_id = ${userId}`;
}

export function preferencesOf([row]: readonly Row[]): Preferences {
  if (!row) throw new HttpError(404, "Preferences not found.");
  const { weight_unit, distance_unit, height_unit, ...rest } = row;
  return {
    ...rest,
    default_weight_unit: weight_unit === "st" ? "st_lbs" : weight_unit,
    default_distance_unit: distance_unit,
    default_measurement_unit: height_unit,
  };
}

/** Writes the fields sent: settings to user_preferences, units and zone to the profile. */
export async function updatePreferences(tx: Tx, userId: string, update: PreferencesUpdate) {
  const profile: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(PROFILE_NAMES)) {
    const value = update[name as keyof typeof PROFILE_NAMES];
    if (value !== undefined) profile[column] = value === "st_lbs" ? "st" : value;
  }
  if (update.timezone !== undefined) {
    profile.timezone = update.timezone;
    profile.timezone_set_at = new Date();
  }
  const stored = Object.fromEntries(
    STORED_COLUMNS.filter((c) => update[c] !== undefined).map((c) => [c, update[c]]),
  );
  if (Object.keys(profile).length) {
    await tx`update user_profiles set ${tx(profile, ...Object.keys(profile))}, updated_at = now()
              where user_id = ${userId}`;
  }
  if (Object.keys(stored).length) {
    await tx`update user_preferences set ${tx(stored, ...Object.keys(stored))}, updated_at = now()
              where user_id = ${userId}`;
  }
}

/** Sets the zone only when the user never chose one (the phone app's first sync). */
export async function bootstrapTimezone(tx: Tx, userId: string, timezone: string) {
  await tx`
    update user_profiles set timezone = ${timezone}, timezone_set_at = now(), updated_at = now()
     where user_id = ${userId} and timezone_set_at is null`;
}

/** Whether the user lets the AI estimate unit conversions (the phone app's food form). */
export async function aiConversionsAllowed(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx<{ allowed: boolean }[]>`
    select ai_assisted_conversions as allowed from user_preferences where user_id = ${userId}`;
  return row?.allowed ?? true;
}
