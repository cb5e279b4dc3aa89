import type { FamilyPermission } from "../api/types.ts";
import { actingFor } from "./session.ts";

/**
 * What a family member's grant lets them do, mirroring the server's `app_grant_allows`
 * (sql/00008_family_access.sql): the client shows only those actions, the server still
 * decides. The owner may do everything.
 */
function grantAllows(permission: FamilyPermission | "owner_only", write: boolean): boolean {
  const grant = actingFor.value?.permissions;
  if (!grant) return true;
  if (permission === "owner_only") return false;
  if (write) {
    return (
      (permission === "can_manage_diary" ||
        permission === "can_manage_checkin" ||
        permission === "can_manage_medications") &&
      grant[permission]
    );
  }
  switch (permission) {
    case "can_manage_diary":
    case "can_manage_checkin":
    case "can_manage_medications":
      return grant[permission] || grant.can_view_reports;
    case "can_view_food_library":
    case "can_view_exercise_library":
      return grant[permission] || grant.can_manage_diary;
    default:
      return grant[permission];
  }
}

/** The permission that protects each place's data, by its address (longest prefix first). */
const PLACE_PERMISSIONS: [string, FamilyPermission | "owner_only"][] = [
  ["/diary", "can_manage_diary"],
  ["/foods", "can_manage_diary"],
  ["/exercise", "can_manage_diary"],
  ["/workouts", "can_manage_diary"],
  ["/goals", "can_manage_diary"],
  ["/check-ins", "can_manage_checkin"],
  ["/trackers", "can_manage_checkin"],
  ["/reports", "can_view_reports"],
  ["/health/cycle", "owner_only"],
  // Pregnancy is owner-only too; its screen says so itself, naming the owner.
  ["/health", "can_manage_medications"],
];

function permissionOf(path: string) {
  return PLACE_PERMISSIONS.find(
    ([prefix]) => path === prefix || path.startsWith(prefix + "/"),
  )?.[1];
}

/** "none": the place is not shared; "read": shown without its forms; "write": everything. */
export function placeAccess(path: string): "none" | "read" | "write" {
  const permission = permissionOf(path);
  if (!permission || grantAllows(permission, true)) return "write";
  return grantAllows(permission, false) ? "read" : "none";
}
