import { computed, signal } from "@preact/signals";
import { get, holdDataRequests, sessionLost } from "../api/client.ts";
import { setOutboxIdentity } from "../api/outbox.ts";
import type { AccessibleUser, Preferences, Profile, Session, Units } from "../api/types.ts";
import { loadLocale } from "../i18n/i18n.ts";
import { pickLocale } from "../i18n/locales.ts";
import { METRIC } from "./units.ts";

/** undefined while loading, null when signed out. */
export const session = signal<Session | null | undefined>(undefined);
/** The profile of the user whose data is shown (the signed-in user's, or a family member's). */
export const profile = signal<Profile | null>(null);
export const units = computed<Units>(() => profile.value?.units ?? METRIC);
const DEFAULT_PREFERENCES: Preferences = {
  date_format: "YYYY-MM-DD",
  water_display_unit: "ml",
  first_day_of_week: 0,
  activity_level: "not_much",
};
/** The date format, water unit and week start of the user whose data is shown. */
export const preferences = signal<Preferences>(DEFAULT_PREFERENCES);
/** Whose data the server acts on (switch-context), and everyone the user may switch to. */
export const activeUserId = signal<string | null>(null);
export const accessibleUsers = signal<AccessibleUser[]>([]);
/** Whether the assistant has a model to answer with (the server's or the user's own). */
export const assistantReady = signal(false);
export const actingFor = computed(() => {
  const self = session.value?.user.id;
  if (!self || !activeUserId.value || activeUserId.value === self) return null;
  return accessibleUsers.value.find((u) => u.user_id === activeUserId.value) ?? null;
});

/** Reads the session and, when signed in, whose data is active and its profile. */
export async function loadSession(): Promise<void> {
  const current = await get<Session | null>("/api/auth/get-session");
  if (current) {
    holdDataRequests(false);
    const [user, users, shown, prefs] = await Promise.all([
      get<{ activeUserId: string }>("/api/identity/user"),
      get<AccessibleUser[]>("/api/identity/users/accessible-users"),
      get<Profile>("/api/identity/profiles"),
      get<Preferences>("/api/user-preferences").catch(() => DEFAULT_PREFERENCES),
    ]);
    preferences.value = prefs;
    await showLanguage(prefs);
    // The model settings are the signed-in user's own, asked only while acting for oneself;
    // the menu gains the assistant when they arrive.
    if (user.activeUserId === current.user.id) loadAssistantReady();
    activeUserId.value = user.activeUserId;
    accessibleUsers.value = users;
    profile.value = shown;
    setOutboxIdentity({ userId: current.user.id, ownerId: user.activeUserId });
  }
  sessionLost.value = false;
  session.value = current;
}

export function clearSession() {
  holdDataRequests(true);
  setOutboxIdentity(null);
  session.value = null;
  profile.value = null;
  activeUserId.value = null;
  accessibleUsers.value = [];
}

/**
 * Reads again whom the user may switch to: someone who shares their data with them after
 * they signed in shows in the switcher on their next move, without a reload.
 */
export function refreshAccessibleUsers() {
  if (!session.value) return;
  get<AccessibleUser[]>("/api/identity/users/accessible-users").then(
    (users) => (accessibleUsers.value = users),
    () => undefined,
  );
}

function loadAssistantReady() {
  get<{ own: unknown; server_model: string | null }>("/api/chat/settings").then(
    (model) => (assistantReady.value = Boolean(model.own || model.server_model)),
    () => (assistantReady.value = false),
  );
}

/** The account's language when it chose one, else the browser's; loaded before it shows. */
export function showLanguage(prefs: Preferences): Promise<void> {
  return loadLocale(pickLocale(prefs.language, navigator.languages)).catch(() => undefined);
}
