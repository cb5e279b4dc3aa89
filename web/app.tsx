import { useEffect, useRef } from "preact/hooks";
import { forgetCachedReads, sessionLost } from "./api/client.ts";
import { outboxSent } from "./api/outbox.ts";
import { ActingForBanner } from "./components/acting-for.tsx";
import { OutboxBar } from "./components/outbox-bar.tsx";
import { NavBar } from "./components/nav-bar.tsx";
import { quickEntriesSaved } from "./components/quick-entry-button.tsx";
import { Notice, Page } from "./components/ui.tsx";
import { locale, t } from "./i18n/i18n.ts";
import { placeAccess } from "./lib/access.ts";
import { lazyScreen } from "./lib/lazy.tsx";
import { match, route } from "./lib/router.ts";
import {
  actingFor,
  activeUserId,
  assistantReady,
  clearSession,
  loadSession,
  refreshAccessibleUsers,
  session,
} from "./lib/session.ts";
import { AdminUsers } from "./screens/admin/users.tsx";
import { AuthScreen } from "./screens/auth/auth-screen.tsx";
import { Onboarding } from "./screens/auth/onboarding.tsx";
import { CheckIns } from "./screens/checkins/check-ins.tsx";
import { Dashboard } from "./screens/dashboard/dashboard.tsx";
import { More } from "./screens/more.tsx";
import { IntegrationCallback } from "./screens/settings/integration-callback.tsx";
import { Settings } from "./screens/settings/settings.tsx";
import { WorkoutDetail } from "./screens/workouts/workout-detail.tsx";
import { Workouts } from "./screens/workouts/workouts.tsx";

// The screens of the diary and the other daily trackers load on demand.
const Chat = lazyScreen(() => import("./screens/chat/chat.tsx").then((m) => m.Chat));
const Diary = lazyScreen(() => import("./screens/diary/diary.tsx").then((m) => m.Diary));
const Trackers = lazyScreen(() =>
  import("./screens/trackers/trackers.tsx").then((m) => m.Trackers),
);
const ExerciseScreen = lazyScreen(() =>
  import("./screens/exercise/exercise.tsx").then((m) => m.ExerciseScreen),
);
const Foods = lazyScreen(() => import("./screens/foods/foods.tsx").then((m) => m.Foods));
const Goals = lazyScreen(() => import("./screens/goals/goals.tsx").then((m) => m.Goals));
const Health = lazyScreen(() => import("./screens/health/health.tsx").then((m) => m.Health));
const SignInSettings = lazyScreen(() =>
  import("./screens/admin/sign-in-settings.tsx").then((m) => m.SignInSettingsScreen),
);
const OidcProviders = lazyScreen(() =>
  import("./screens/admin/oidc-providers.tsx").then((m) => m.OidcProviders),
);
const Reports = lazyScreen(() => import("./screens/reports/reports.tsx").then((m) => m.Reports));
const SparkyFitnessImport = lazyScreen(() =>
  import("./screens/admin/sparkyfitness-import.tsx").then((m) => m.SparkyFitnessImport),
);

/** The shell: sign-in when signed out, otherwise the navigation and the routed screen. */
export function App() {
  useEffect(() => {
    loadSession().catch(() => clearSession());
  }, []);
  // Each move to another place (not the first screen's load) checks who shares with the user.
  const firstRoute = useRef(route.value);
  useEffect(() => {
    if (route.value !== firstRoute.current) refreshAccessibleUsers();
  }, [route.value]);
  useEffect(() => {
    if (sessionLost.value) {
      forgetCachedReads();
      clearSession();
    }
  }, [sessionLost.value]);

  if (session.value === undefined) return <p class="boot">{t("common.loading")}</p>;
  if (session.value === null) {
    return (
      <main id="main">
        <AuthScreen />
      </main>
    );
  }
  return (
    <>
      <a class="skip-link" href="#main">
        {t("shell.skipToContent")}
      </a>
      <NavBar />
      <ActingForBanner />
      <OutboxBar />
      <main id="main">
        {/* Keyed by whose data is shown, quick entries, writes sent from the outbox and the
            language: a change remounts (reloads) it. */}
        <SharedScreen
          key={`${activeUserId.value}:${quickEntriesSaved.value}:${outboxSent.value}:${locale.value}`}
        />
      </main>
    </>
  );
}

// A service's OAuth redirect comes back to a real path, not a hash route.
const CALLBACK_PATH = /^\/integrations\/([a-z_]+)\/callback$/;

/**
 * A family member sees a place only as far as the grant allows: not at all, or without its
 * forms and buttons (the server refuses those changes anyway), with a line saying so.
 */
function SharedScreen() {
  const access = placeAccess(route.value);
  if (access === "none")
    return (
      <Page title={t("shell.notShared")}>
        <Notice>
          {t("shell.notSharedText", { name: actingFor.value?.full_name || t("shell.theirs") })}
        </Notice>
      </Page>
    );
  if (access === "write") return <Screen />;
  return (
    <div class="read-only">
      <Notice>{t("shell.readOnly")}</Notice>
      <Screen />
    </div>
  );
}

function Screen() {
  // Reading the route subscribes this component to navigation.
  void route.value;
  const callback = location.pathname.match(CALLBACK_PATH);
  if (callback) return <IntegrationCallback provider={callback[1]!} />;
  const workout = match("/workouts");
  if (workout?.[0]) return <WorkoutDetail id={workout[0]} />;
  if (workout) return <Workouts />;
  const diary = match("/diary");
  if (diary) return <Diary day={diary[0]} />;
  const trackers = match("/trackers");
  if (trackers) return <Trackers day={trackers[0]} />;
  const exercise = match("/exercise");
  if (exercise) return <ExerciseScreen part={exercise[0]} id={exercise[1]} />;
  const checkIns = match("/check-ins");
  if (checkIns) return <CheckIns day={checkIns[0]} />;
  const settings = match("/settings");
  if (settings) return <Settings tab={settings[0]} />;
  if (match("/goals")) return <Goals />;
  const health = match("/health");
  if (health) return <Health tab={health[0]} />;
  const chat = match("/assistant");
  if (chat) return assistantReady.value ? <Chat key={chat[0]} id={chat[0]} /> : <NoAssistant />;
  const foods = match("/foods");
  if (foods) return <Foods tab={foods[0]} />;
  const reports = match("/reports");
  if (reports) return <Reports days={reports[0]} />;
  const admin = match("/admin");
  if (admin?.[0] === "sign-in") return <SignInSettings />;
  if (admin?.[0] === "oidc") return <OidcProviders />;
  if (admin?.[0] === "import") return <SparkyFitnessImport />;
  if (admin) return <AdminUsers />;
  if (match("/welcome")) return <Onboarding />;
  if (match("/more")) return <More />;
  return <Dashboard />;
}

function NoAssistant() {
  return (
    <Page title={t("nav.assistant")}>
      <Notice>{t("shell.noAssistant")}</Notice>
    </Page>
  );
}
