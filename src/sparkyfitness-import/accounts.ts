import type { Database } from "../db.ts";
import { legacyHashFromSource } from "../lib/legacy-password.ts";
import { isTimeZone } from "../lib/time-zone.ts";
import { findUserByEmail } from "../users/accounts.ts";
import type { UserImport } from "./context.ts";
import { importProfileSettings } from "./profile-settings.ts";
import type { Source } from "./source.ts";

export type SourceAccount = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean;
  password: string | null;
};

/** The other server's accounts (better-auth tables), optionally only one email. */
export function readSourceAccounts(src: Source, only: string | null) {
  return src<SourceAccount[]>`
    select u.id, u.email, coalesce(u.name, '') as name, u.role,
           coalesce(u.banned, false) as banned, a.password
      from public."user" u
      left join public.account a on a.user_id = u.id and a.provider_id = 'credential'
     where ${only}::text is null or lower(u.email) = lower(${only}::text)
     order by u.created_at, u.id`;
}

/**
 * Why an account cannot be imported, or null when it can: an email already used here by
 * another account is never merged into it.
 */
export async function accountConflict(db: Database, account: SourceAccount) {
  const existing = await findUserByEmail(db, account.email);
  if (existing && existing.id !== account.id)
    return "an account with the same email already exists on this server";
  return null;
}

/**
 * Creates the account with the other server's id (so a re-run finds it), its profile and
 * its settings; the old password hash is kept until the first sign-in re-hashes it.
 * Returns whether the account was new.
 */
export async function importAccount(u: UserImport, account: SourceAccount): Promise<boolean> {
  const [existing] = await u.tx`select 1 from users where id = ${account.id}`;
  if (existing) return false;
  const hash = legacyHashFromSource(account.password);
  await u.tx`
    insert into users (id, email, name, password_hash, role, disabled)
    values (${account.id}, ${account.email.trim()}, ${account.name}, ${hash},
            ${account.role === "admin" ? "admin" : "user"}, ${account.banned})`;
  await u.tx`insert into user_profiles (user_id) values (${account.id})`;
  await u.tx`insert into user_preferences (user_id) values (${account.id})`;
  if (!hash)
    u.summary.needsAction(
      `${account.email}: no password came over (${account.password ? "its hash there is neither bcrypt nor better-auth scrypt" : "it had none there: single sign-on or passkey only"}); set one with fitness user reset-password`,
    );
  await importProfile(u);
  await importProfileSettings(u);
  return true;
}

const UNITS = {
  weight: ["kg", "lbs", "st"],
  distance: ["km", "miles"],
  height: ["cm", "inches"],
  energy: ["kcal", "kJ"],
  water: ["ml", "oz", "liter"],
};
const oneOf = (allowed: string[], value: string | null) =>
  value !== null && allowed.includes(value) ? value : null;

type SourceSettings = {
  date_of_birth: string | null;
  gender: string | null;
  timezone: string | null;
  default_weight_unit: string | null;
  default_distance_unit: string | null;
  default_measurement_unit: string | null;
  energy_unit: string | null;
  date_format: string | null;
  water_display_unit: string | null;
};

/** The profile and unit settings of a new account; a value this server has no use for is left at its default. */
async function importProfile(u: UserImport) {
  const [s] = await u.src<SourceSettings[]>`
    select p.date_of_birth, p.gender, up.timezone, up.default_weight_unit,
           up.default_distance_unit, up.default_measurement_unit, up.energy_unit,
           up.date_format, up.water_display_unit
      from public."user" u
      left join public.profiles p on p.id = u.id
      left join public.user_preferences up on up.user_id = u.id
     where u.id = ${u.userId}`;
  if (!s) return;
  const sex = s.gender?.toLowerCase() ?? null;
  const zone = s.timezone && isTimeZone(s.timezone) ? s.timezone : null;
  await u.tx`
    update user_profiles set
      date_of_birth = ${s.date_of_birth},
      sex = ${sex === "male" || sex === "female" ? sex : sex ? "other" : null},
      timezone = coalesce(${zone}, timezone),
      weight_unit = coalesce(${oneOf(UNITS.weight, s.default_weight_unit)}, weight_unit),
      distance_unit = coalesce(${oneOf(UNITS.distance, s.default_distance_unit)}, distance_unit),
      height_unit = coalesce(${oneOf(UNITS.height, s.default_measurement_unit)}, height_unit),
      energy_unit = coalesce(${oneOf(UNITS.energy, s.energy_unit)}, energy_unit)
    where user_id = ${u.userId}`;
  await u.tx`
    update user_preferences set
      date_format = coalesce(${s.date_format?.slice(0, 20) ?? null}, date_format),
      water_display_unit = coalesce(${oneOf(UNITS.water, s.water_display_unit)}, water_display_unit)
    where user_id = ${u.userId}`;
  if (zone) u.zone = zone;
}

/** Reads the profile zone of an account that already existed here. */
export async function profileZone(u: Pick<UserImport, "tx" | "userId">): Promise<string> {
  const [row] = await u.tx<{ timezone: string }[]>`
    select timezone from user_profiles where user_id = ${u.userId}`;
  return row?.timezone ?? "UTC";
}
