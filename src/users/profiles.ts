import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { ProfileUpdate } from "./schemas.ts";

type ProfileRow = {
  user_id: string;
  name: string;
  email: string;
  date_of_birth: string | null;
  sex: "male" | "female" | "other" | null;
  timezone: string;
  height_cm: number | null;
  max_heart_rate: number | null;
  weight_unit: "kg" | "lbs" | "st";
  distance_unit: "km" | "miles";
  height_unit: "cm" | "inches" | "ft_in";
  energy_unit: "kcal" | "kJ";
  phone_number: string | null;
  bio: string | null;
  avatar_url: string | null;
};

/** The profile of the user whose data the request works on (RLS decides who may read it). */
export async function getProfile(db: Database, userId: string, actorId: string) {
  const [row] = await db.withUser(
    userId,
    (tx) => tx<ProfileRow[]>`
      select p.user_id, u.name, u.email, p.date_of_birth, p.sex, p.timezone, p.height_cm,
             p.max_heart_rate, p.weight_unit, p.distance_unit, p.height_unit, p.energy_unit,
             p.phone_number, p.bio, p.avatar_url
        from user_profiles p join users u on u.id = p.user_id
       where p.user_id = ${userId}`,
    actorId,
  );
  if (!row) throw new HttpError(404, "Profile not found.");
  return toProfile(row);
}

/** Changes the caller's own profile; only the fields present in the update. */
export async function updateProfile(db: Database, userId: string, update: ProfileUpdate) {
  const profile: Record<string, unknown> = {};
  const sex = update.sex !== undefined ? update.sex : update.gender;
  if (sex !== undefined) profile.sex = sex;
  if (update.date_of_birth !== undefined) profile.date_of_birth = update.date_of_birth;
  if (update.timezone !== undefined) {
    profile.timezone = update.timezone;
    profile.timezone_set_at = new Date();
  }
  if (update.height !== undefined) profile.height_cm = update.height;
  if (update.max_heart_rate !== undefined) profile.max_heart_rate = update.max_heart_rate;
  if (update.phone_number !== undefined) profile.phone_number = update.phone_number;
  if (update.bio !== undefined) profile.bio = update.bio;
  for (const [unit, value] of Object.entries(update.units ?? {})) profile[`${unit}_unit`] = value;

  await db.withUser(userId, async (tx) => {
    if (update.name !== undefined) {
      await tx`update users set name = ${update.name}, updated_at = now() where id = ${userId}`;
    }
    if (Object.keys(profile).length > 0) {
      await tx`
        update user_profiles set ${tx(profile, ...Object.keys(profile))}, updated_at = now()
         where user_id = ${userId}`;
    }
  });
  return getProfile(db, userId, userId);
}

function toProfile(row: ProfileRow) {
  return {
    user_id: row.user_id,
    // The same values under the names the phone app reads.
    id: row.user_id,
    full_name: row.name,
    name: row.name,
    phone_number: row.phone_number,
    bio: row.bio,
    // Only an avatar imported from SparkyFitness; no upload route exists here yet.
    avatar_url: row.avatar_url,
    email: row.email,
    date_of_birth: row.date_of_birth,
    sex: row.sex,
    gender: row.sex,
    timezone: row.timezone,
    height: row.height_cm,
    max_heart_rate: row.max_heart_rate,
    units: {
      weight: row.weight_unit,
      distance: row.distance_unit,
      height: row.height_unit,
      energy: row.energy_unit,
    },
  };
}
