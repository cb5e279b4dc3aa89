import { STORED_COLUMNS, storedFields } from "../preferences/schemas.ts";
import type { UserImport } from "./context.ts";

// Provider ids name the other server's provider rows, not this server's.
const NOT_CARRIED = new Set(["default_food_data_provider_id", "default_barcode_provider_id"]);

/**
 * A new account's phone number, bio and settings: every setting of that server's
 * user_preferences that this server keeps under the same name (BMR algorithm, activity
 * level, first day of week, time format, language, ...) comes over when this server accepts
 * its value; one it does not keeps the default and is listed in the summary.
 */
export async function importProfileSettings(u: UserImport) {
  const [profile] = await u.src<{ phone: string | null; bio: string | null }[]>`
    select coalesce(nullif(phone_number, ''), nullif(phone, '')) as phone, nullif(bio, '') as bio
      from public.profiles where id = ${u.userId}`;
  if (profile)
    await u.tx`
      update user_profiles set phone_number = ${profile.phone?.slice(0, 40) ?? null},
                               bio = ${profile.bio?.slice(0, 1000) ?? null}
       where user_id = ${u.userId}`;
  const [row] = await u.src<{ settings: Record<string, unknown> }[]>`
    select to_jsonb(p) as settings from public.user_preferences p where p.user_id = ${u.userId}`;
  if (!row) return;
  const settings: Record<string, unknown> = {};
  for (const column of STORED_COLUMNS) {
    const value = row.settings[column];
    if (value === undefined || value === null || NOT_CARRIED.has(column)) continue;
    const parsed = storedFields[column].safeParse(value);
    if (parsed.success) settings[column] = parsed.data;
    else u.summary.skip(`setting ${column} with a value this server does not accept`);
  }
  const columns = Object.keys(settings);
  if (columns.length)
    await u.tx`update user_preferences set ${u.tx(settings, ...columns)} where user_id = ${u.userId}`;
}
