import { Page } from "../../components/ui.tsx";
import { FoodLibrary } from "./food-library.tsx";
import { MealTemplates } from "./meal-templates.tsx";

const TABS: [string, string][] = [
  ["library", "Library"],
  ["meals", "Meal templates"],
];

/** The food library and the meal templates, one tab each. */
export function Foods({ tab = "library" }: { tab?: string }) {
  return (
    <Page title="Foods">
      <nav aria-label="Foods" class="tabs">
        {TABS.map(([id, label]) => (
          <a href={`#/foods/${id}`} aria-current={tab === id ? "page" : undefined}>
            {label}
          </a>
        ))}
      </nav>
      {tab === "meals" ? <MealTemplates /> : <FoodLibrary />}
    </Page>
  );
}
