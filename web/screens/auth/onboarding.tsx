import { useState } from "preact/hooks";
import { Card, Page } from "../../components/ui.tsx";
import { navigate } from "../../lib/router.ts";
import { ProfileForm } from "../settings/profile-form.tsx";
import { FirstGoals } from "./first-goals.tsx";

/** First run after sign-up: the profile that units, charts and zones rely on, then first goals. */
export function Onboarding() {
  const [step, setStep] = useState<"profile" | "goals">("profile");
  if (step === "goals") {
    return (
      <Page title="Your activity and first goals">
        <Card class="onboarding">
          <FirstGoals onDone={() => navigate("/")} />
        </Card>
      </Page>
    );
  }
  return (
    <Page title="Welcome! Tell us about you">
      <Card class="onboarding">
        <p>
          Units, your time zone and your height shape every screen: BMI, charts and the day a
          workout belongs to. You can change all of it later in Settings.
        </p>
        <ProfileForm submitLabel="Continue" firstRun onSaved={() => setStep("goals")} />
      </Card>
    </Page>
  );
}
