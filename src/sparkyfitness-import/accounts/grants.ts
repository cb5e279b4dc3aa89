import type { ImportContext, UserImport } from "../run/context.ts";
import { saveChanged, withDropped, withItems } from "../run/copy-rows.ts";
import { importedIds } from "../run/import-record.ts";
import { hasTable } from "../source/source.ts";
import type { TableCounts } from "../run/summary.ts";

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
  id: string;
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

const GRANT_COLUMNS: string[] = [...PERMISSIONS, "access_end_date", "is_active"];

/**
 * Family grants, once every account exists: each owner's in the owner's own transaction,
 * as the owner (the only one the policies let write them). A grant whose delegate is not on
 * this server is skipped. A re-run brings each grant to the source's value (copy-rows.ts);
 * one changed here since is kept and listed, unless the source withdrew it: a grant ended,
 * deactivated or deleted there never keeps its access here.
 */
export async function importGrants(ctx: ImportContext, imported: Map<string, string>) {
  const { src, summary } = ctx;
  const grants = (await hasTable(src, "public.family_access"))
    ? await src<SourceGrant[]>`
        select id::text, owner_user_id, family_user_id, access_permissions, access_end_date,
               is_active
          from public.family_access order by created_at`
    : [];
  const relevant = grants.filter((g) => imported.has(g.owner_user_id));
  const carried = relevant.filter((g) => imported.has(g.family_user_id));
  summary.skip("family grant to someone not imported", relevant.length - carried.length);
  let counts: TableCounts = { read: 0, written: 0, updated: 0, skipped: 0 };
  summary.inTable("family_access");
  for (const [owner, email] of imported) {
    const own = carried.filter((g) => g.owner_user_id === owner);
    const live = relevant.filter((g) => g.owner_user_id === owner && isLive(g));
    // A dry run created no accounts to hold the grants: it only counts.
    const ownCounts = ctx.dryRun
      ? { read: own.length, written: own.length, updated: 0, skipped: 0 }
      : await ctx.db.withUser(owner, (tx) =>
          ownerGrants({ ...ctx, tx, userId: owner, email } as UserImport, own, live),
        );
    counts = withItems(counts, ownCounts);
  }
  summary.inTable(null);
  counts = withDropped(counts, relevant.length - carried.length);
  summary.progressLine("all users", "family_access", counts);
  summary.add("family_access", counts);
}

async function ownerGrants(
  u: UserImport,
  grants: SourceGrant[],
  live: SourceGrant[],
): Promise<TableCounts> {
  const save = async (grant: SourceGrant) => {
    const row = {
      owner_user_id: grant.owner_user_id,
      delegate_user_id: grant.family_user_id,
      ...grantedPermissions(grant.access_permissions),
      access_end_date: grant.access_end_date,
      is_active: grant.is_active,
    };
    const [saved] = await u.tx<{ id: string }[]>`
      insert into family_access ${u.tx(row)}
      on conflict (owner_user_id, delegate_user_id) do update
        set ${u.tx(row as never, GRANT_COLUMNS)}, updated_at = now()
      returning id::text`;
    return saved!.id;
  };
  // A grant here without a record of an earlier run is brought to the source's value too.
  const counts = await saveChanged(
    u,
    "family_access",
    GRANT_COLUMNS,
    grants,
    (g) => g.id,
    (_, last) => last?.hereId,
    save,
  );
  await withdrawGone(u, live);
  return counts;
}

/**
 * Ends here every grant the source withdrew (not among the owner's `live` grants there, the
 * delegate imported in this run or not), whether or not it was changed here since.
 */
async function withdrawGone(u: UserImport, liveGrants: SourceGrant[]) {
  const live = new Set(liveGrants.map((g) => g.id));
  const recorded = await importedIds(u.tx, u.userId, "family_access");
  const withdrawn = [...recorded].filter(([source]) => !live.has(source)).map(([, here]) => here);
  if (withdrawn.length === 0) return;
  const ended = await u.tx`
    update family_access set is_active = false, updated_at = now()
     where id::text = any(${withdrawn}::text[]) and is_active
    returning id`;
  if (ended.length)
    u.summary.skip("family grant withdrawn at the source: ended here", ended.length);
}

const isLive = (g: SourceGrant) =>
  g.is_active && (g.access_end_date === null || g.access_end_date > new Date());
