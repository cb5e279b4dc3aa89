import { Card, Page } from "../../components/ui.tsx";
import { navigate } from "../../lib/router.ts";
import { ProfileForm } from "../settings/profile-form.tsx";

/** First run after sign-up: the profile that units, charts and heart-rate zones rely on. */
export function Onboarding() {
  return (
    <Page title="Welcome! Tell us about you">
      <Card>
        <p>
          Units, your time zone and your height shape every screen: BMI, charts and the day a
          workout belongs to. You can change all of it later in Settings.
        </p>
        <ProfileForm submitLabel="Continue" firstRun onSaved={() => navigate("/")} />
      </Card>
    </Page>
  );
}
