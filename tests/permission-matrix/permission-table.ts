import { GRANT_FLAGS as ALL_FLAGS } from "../../src/family/schemas.ts";
import type { FamilyPermission, GrantFlag } from "../../src/http/permissions.ts";

/**
 * The spec's family-sharing table ("Authentication" item 6), written out independently of
 * the SQL so the tests compare the two: which grant flags open a permission word for
 * reading and for writing.
 */
const TABLE: Record<FamilyPermission, { read: GrantFlag[]; write: GrantFlag[] }> = {
  // Writes need the manage flag; reads also follow the read-downgrade to can_view_reports.
  can_manage_diary: { read: ["can_manage_diary", "can_view_reports"], write: ["can_manage_diary"] },
  can_manage_checkin: {
    read: ["can_manage_checkin", "can_view_reports"],
    write: ["can_manage_checkin"],
  },
  can_manage_medications: {
    read: ["can_manage_medications", "can_view_reports"],
    write: ["can_manage_medications"],
  },
  can_view_reports: { read: ["can_view_reports"], write: [] },
  // Libraries: their own flag, or the diary that uses them.
  can_view_food_library: { read: ["can_view_food_library", "can_manage_diary"], write: [] },
  can_view_exercise_library: { read: ["can_view_exercise_library", "can_manage_diary"], write: [] },
  share_external_providers: { read: ["share_external_providers"], write: [] },
  // Photos are not downgraded: a read-only grant gets nothing.
  checkin_photos: { read: ["can_manage_checkin"], write: ["can_manage_checkin"] },
  // Profile, layout, onboarding: read with the diary or reports, never written by a delegate.
  profile: { read: ["can_manage_diary", "can_view_reports"], write: [] },
  owner_only: { read: [], write: [] },
  // Any live grant: the route keeps the caller's own rows and checks each action itself.
  any_grant: { read: [...ALL_FLAGS], write: [...ALL_FLAGS] },
};

export const GRANT_FLAGS: GrantFlag[] = [...ALL_FLAGS];

export const PERMISSION_WORDS = Object.keys(TABLE) as FamilyPermission[];

/** Whether a live grant with `flags` lets its delegate read (or write) `permission` data. */
export function tableAllows(flags: GrantFlag[], permission: FamilyPermission, write: boolean) {
  const opening = write ? TABLE[permission].write : TABLE[permission].read;
  return flags.some((flag) => opening.includes(flag));
}
