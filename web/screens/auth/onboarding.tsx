import { useState } from "preact/hooks";
import { Card, Page } from "../../components/ui.tsx";
import { navigate } from "../../lib/router.ts";
import { ProfileForm } from "../settings/profile-form.tsx";
import { FirstGoals } from "./first-goals.tsx";
import { t } from "../../i18n/i18n.ts";

/** First run after sign-up: the profile that units, charts and zones rely on, then first goals. */
export function Onboarding() {
  const [step, setStep] = useState<"profile" | "goals">("profile");
  if (step === "goals") {
    return (
      <Page title={t("onboarding.goalsTitle")}>
        <Card class="onboarding">
          <FirstGoals onDone={() => navigate("/")} />
        </Card>
      </Page>
    );
  }
  return (
    <Page title={t("onboarding.welcome")}>
      <Card class="onboarding">
        <p>{t("onboarding.intro")}</p>
        <ProfileForm
          submitLabel={t("onboarding.continue")}
          firstRun
          onSaved={() => setStep("goals")}
        />
      </Card>
    </Page>
  );
}
