import { Page } from "../../components/ui.tsx";
import { match } from "../../lib/router.ts";
import { FoodLibrary } from "./food-library.tsx";
import { MealTemplates } from "./meal-templates.tsx";
import { TabNav } from "../../components/tab-nav.tsx";
import { t } from "../../i18n/i18n.ts";

/** The food library and the meal templates, one tab each; `#/foods/new/<barcode>` starts a new food. */
export function Foods({ tab = "library" }: { tab?: string }) {
  return (
    <Page title={t("nav.foods")}>
      <TabNav
        label={t("nav.foods")}
        tabs={[
          ["library", t("foods.libraryTab")],
          ["meals", t("foods.mealTemplates")],
        ]}
        current={tab}
        href={(id) => `#/foods/${id}`}
      />
      {tab === "meals" ? (
        <MealTemplates />
      ) : (
        <FoodLibrary newBarcode={tab === "new" ? match("/foods/new")?.[0] : undefined} />
      )}
    </Page>
  );
}
