import { DayNav } from "../../components/day-nav.tsx";
import { Page } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { today } from "../../lib/dates.ts";
import { navigate } from "../../lib/router.ts";
import { CustomCard } from "./custom-card.tsx";
import { FastingCard } from "./fasting-card.tsx";
import { MoodCard } from "./mood-card.tsx";
import { SleepCard } from "./sleep-card.tsx";
import { VitalsCard } from "./vitals-card.tsx";
import { WaterCard } from "./water-card.tsx";

/** The day's water, sleep, fasting, mood, vitals and custom measurements. */
export function Trackers({ day = today() }: { day?: string }) {
  return (
    <Page
      title={t("nav.trackers")}
      actions={<DayNav day={day} onChange={(d) => navigate(`/trackers/${d}`)} />}
    >
      <div class="grid two">
        <WaterCard day={day} />
        <FastingCard />
        <SleepCard day={day} />
        <MoodCard day={day} />
        <VitalsCard day={day} />
        <CustomCard day={day} />
      </div>
    </Page>
  );
}
