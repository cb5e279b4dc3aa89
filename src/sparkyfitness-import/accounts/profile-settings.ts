import { STORED_COLUMNS, storedFields } from "../../preferences/schemas.ts";
import { isTimeZone } from "../../lib/time-zone.ts";
import type { TableImporter, UserImport } from "../run/context.ts";
import { saveChanged } from "../run/copy-rows.ts";
import type { ImportedDigests } from "../run/import-record.ts";
import { copySourceFile } from "../domains/files.ts";

// Provider ids name the other server's provider rows, not this server's.
const NOT_CARRIED = new Set(["default_food_data_provider_id", "default_barcode_provider_id"]);
const CARRIED_SETTINGS = STORED_COLUMNS.filter((c) => !NOT_CARRIED.has(c));

const UNITS = {
  weight: ["kg", "lbs", "st"],
  distance: ["km", "miles"],
  height: ["cm", "inches"],
  energy: ["kcal", "kJ"],
};
const oneOf = (allowed: string[], value: string | null) =>
  value !== null && allowed.includes(value) ? value : null;
// SparkyFitness writes stones and pounds as "st_lbs"; it is this server's "st".
const weightUnit = (value: string | null) => oneOf(UNITS.weight, value === "st_lbs" ? "st" : value);

type SourceProfile = {
  date_of_birth: string | null;
  gender: string | null;
  phone: string | null;
  bio: string | null;
  timezone: string | null;
  default_weight_unit: string | null;
  default_distance_unit: string | null;
  default_measurement_unit: string | null;
  energy_unit: string | null;
  avatar_url: string | null;
};

const PROFILE_COLUMNS = [
  "date_of_birth",
  "sex",
  "timezone",
  "weight_unit",
  "distance_unit",
  "height_unit",
  "energy_unit",
  "phone_number",
  "bio",
  "avatar_url",
];

/**
 * The account's one row here: written on the account's first import, and on a re-run
 * brought to the source's value unless changed here since (the shared re-run of
 * copy-rows.ts). An account that was here before runs were compared is kept as it is.
 */
function oneRowPerAccount<T>(
  u: UserImport,
  target: string,
  columns: string[],
  row: T | undefined,
  save: (row: T) => Promise<void>,
) {
  const hereId = (_: T, last: ImportedDigests | undefined) =>
    last || !u.newAccount ? u.userId : undefined;
  return saveChanged(
    u,
    target,
    columns,
    row ? [row] : [],
    () => u.userId,
    hereId,
    async (r) => {
      await save(r);
      return u.userId;
    },
  );
}

/** The account's name, which a re-run brings to the source's like the profile. */
export const accountName: TableImporter = {
  table: "user",
  async run(u) {
    const [account] = await u.src<{ name: string }[]>`
      select coalesce(name, '') as name from public."user" where id = ${u.userId}`;
    return oneRowPerAccount(u, "users", ["name"], account, async (a) => {
      await u.tx`update users set name = ${a.name} where id = ${u.userId}`;
    });
  },
};

/**
 * The profile: date of birth, sex, phone, bio, avatar, time zone and units; a value
 * this server has no use for leaves this server's value.
 */
export const profiles: TableImporter = {
  table: "profiles",
  async run(u) {
    const [s] = await u.src<SourceProfile[]>`
      select p.date_of_birth::text, p.gender,
             coalesce(nullif(p.phone_number, ''), nullif(p.phone, '')) as phone,
             nullif(p.bio, '') as bio, up.timezone, up.default_weight_unit,
             up.default_distance_unit, up.default_measurement_unit, up.energy_unit,
             coalesce(nullif(p.avatar_url, ''), nullif(u.image, '')) as avatar_url
        from public."user" u
        left join public.profiles p on p.id = u.id
        left join public.user_preferences up on up.user_id = u.id
       where u.id = ${u.userId}`;
    return oneRowPerAccount(u, "user_profiles", PROFILE_COLUMNS, s, (s) => saveProfile(u, s));
  },
};

async function saveProfile(u: UserImport, s: SourceProfile) {
  const sex = s.gender?.toLowerCase() ?? null;
  const zone = s.timezone && isTimeZone(s.timezone) ? s.timezone : null;
  // An uploaded avatar there (`/uploads/avatars/<file>`) is copied to the same path here;
  // a link elsewhere stays a link.
  const avatar = s.avatar_url?.startsWith("/uploads/")
    ? await copySourceFile(u, "avatar", s.avatar_url)
    : s.avatar_url;
  await u.tx`
    update user_profiles set
      date_of_birth = ${s.date_of_birth},
      sex = ${sex === "male" || sex === "female" ? sex : sex ? "other" : null},
      timezone = coalesce(${zone}, timezone),
      weight_unit = coalesce(${weightUnit(s.default_weight_unit)}, weight_unit),
      distance_unit = coalesce(${oneOf(UNITS.distance, s.default_distance_unit)}, distance_unit),
      height_unit = coalesce(${oneOf(UNITS.height, s.default_measurement_unit)}, height_unit),
      energy_unit = coalesce(${oneOf(UNITS.energy, s.energy_unit)}, energy_unit),
      phone_number = ${s.phone?.slice(0, 40) ?? null},
      bio = ${s.bio?.slice(0, 1000) ?? null},
      avatar_url = ${avatar}
    where user_id = ${u.userId}`;
  if (zone) u.zone = zone;
}

/**
 * Every setting of that server's user_preferences that this server keeps under the same
 * name (date format, water unit, BMR algorithm, activity level, first day of week, time
 * format, language, ...) comes over when this server accepts its value; one it does not
 * keeps this server's value and is listed in the summary.
 */
export const preferences: TableImporter = {
  table: "user_preferences",
  async run(u) {
    const [row] = await u.src<{ settings: Record<string, unknown> }[]>`
      select to_jsonb(p) as settings from public.user_preferences p where p.user_id = ${u.userId}`;
    const source = row && Object.fromEntries(CARRIED_SETTINGS.map((c) => [c, row.settings[c]]));
    return oneRowPerAccount(u, "user_preferences", CARRIED_SETTINGS, source, (s) =>
      saveSettings(u, s),
    );
  },
};

async function saveSettings(u: UserImport, source: Record<string, unknown>) {
  const settings: Record<string, unknown> = {};
  for (const column of CARRIED_SETTINGS) {
    const value = source[column];
    if (value === undefined || value === null) continue;
    const parsed = storedFields[column].safeParse(value);
    if (parsed.success) settings[column] = parsed.data;
    else u.summary.skip(`setting ${column} with a value this server does not accept`);
  }
  const columns = Object.keys(settings);
  if (columns.length)
    await u.tx`update user_preferences set ${u.tx(settings, ...columns)} where user_id = ${u.userId}`;
}
