import { computed, signal } from "@preact/signals";
import { get } from "../api/client.ts";
import { sessionLost } from "../api/client.ts";
import type { AccessibleUser, Profile, Session, Units } from "../api/types.ts";
import { METRIC } from "./units.ts";

/** undefined while loading, null when signed out. */
export const session = signal<Session | null | undefined>(undefined);
/** The profile of the user whose data is shown (the signed-in user's, or a family member's). */
export const profile = signal<Profile | null>(null);
export const units = computed<Units>(() => profile.value?.units ?? METRIC);
/** Whose data the server acts on (switch-context), and everyone the user may switch to. */
export const activeUserId = signal<string | null>(null);
export const accessibleUsers = signal<AccessibleUser[]>([]);
export const actingFor = computed(() => {
  const self = session.value?.user.id;
  if (!self || !activeUserId.value || activeUserId.value === self) return null;
  return accessibleUsers.value.find((u) => u.user_id === activeUserId.value) ?? null;
});

/** Reads the session and, when signed in, whose data is active and its profile. */
export async function loadSession(): Promise<void> {
  const current = await get<Session | null>("/api/auth/get-session");
  if (current) {
    const [user, users, shown] = await Promise.all([
      get<{ activeUserId: string }>("/api/identity/user"),
      get<AccessibleUser[]>("/api/identity/users/accessible-users"),
      get<Profile>("/api/identity/profiles"),
    ]);
    activeUserId.value = user.activeUserId;
    accessibleUsers.value = users;
    profile.value = shown;
  }
  sessionLost.value = false;
  session.value = current;
}

export function clearSession() {
  session.value = null;
  profile.value = null;
  activeUserId.value = null;
  accessibleUsers.value = [];
}
