import type { Database } from "../db.ts";
import type { ImportSummary } from "./summary.ts";
import { hasTable, type Source } from "./source.ts";

const PERMISSIONS = [
  "can_manage_diary",
  "can_manage_checkin",
  "can_manage_medications",
  "can_view_reports",
  "can_view_food_library",
  "can_view_exercise_library",
  "share_external_providers",
] as const;
// The other server's names for the same permissions, where they differ.
const SOURCE_NAMES: Record<string, (typeof PERMISSIONS)[number]> = {
  diary: "can_manage_diary",
  checkin: "can_manage_checkin",
  reports: "can_view_reports",
  food_list: "can_view_food_library",
  exercise_list: "can_view_exercise_library",
  medications: "can_manage_medications",
};

type SourceGrant = {
  owner_user_id: string;
  family_user_id: string;
  access_permissions: Record<string, unknown>;
  access_end_date: Date | null;
  is_active: boolean;
};

function grantedPermissions(raw: Record<string, unknown>) {
  const flags = Object.fromEntries(PERMISSIONS.map((p) => [p, false])) as Record<
    (typeof PERMISSIONS)[number],
    boolean
  >;
  for (const [name, value] of Object.entries(raw ?? {})) {
    const permission = (PERMISSIONS as readonly string[]).includes(name)
      ? (name as (typeof PERMISSIONS)[number])
      : SOURCE_NAMES[name];
    if (permission && value === true) flags[permission] = true;
  }
  return flags;
}

/**
 * Family grants, once every account exists: each in its owner's own transaction, as the
 * owner (the only one the policies let create it). A grant whose delegate is not on this
 * server is skipped; an existing grant between the two is left as it is.
 */
export async function importGrants(
  src: Source,
  db: Database,
  summary: ImportSummary,
  importedUsers: Set<string>,
  dryRun: boolean,
) {
  const grants = (await hasTable(src, "public.family_access"))
    ? await src<SourceGrant[]>`
        select owner_user_id, family_user_id, access_permissions, access_end_date, is_active
          from public.family_access order by created_at`
    : [];
  const relevant = grants.filter((g) => importedUsers.has(g.owner_user_id));
  let written = 0;
  for (const grant of relevant) {
    if (!importedUsers.has(grant.family_user_id)) {
      summary.skip("family grant to someone not imported");
      continue;
    }
    const row = {
      owner_user_id: grant.owner_user_id,
      delegate_user_id: grant.family_user_id,
      ...grantedPermissions(grant.access_permissions),
      access_end_date: grant.access_end_date,
      is_active: grant.is_active,
    };
    // A dry run created no accounts to hold the grant: it only counts.
    if (dryRun) {
      written++;
      continue;
    }
    const [result] = await db.withUser(
      grant.owner_user_id,
      (tx) => tx`
        insert into family_access ${tx(row)}
        on conflict (owner_user_id, delegate_user_id) do nothing
        returning 1`,
    );
    if (result) written++;
    else summary.skip("family grant already here");
  }
  const counts = { read: relevant.length, written, skipped: relevant.length - written };
  summary.progressLine("all users", "family_access", counts);
  summary.add("family_access", counts);
}
