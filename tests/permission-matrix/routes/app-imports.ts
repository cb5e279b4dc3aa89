import type { MatrixRoute } from "../types.ts";

// Diary CSVs of other apps are diary writes; each caller's import is its own, re-runs add nothing.
const csvForm = (name: string, text: string) => () => {
  const form = new FormData();
  form.append("file", new File([text], name, { type: "text/csv" }));
  return form;
};
const diary = { permission: "can_manage_diary", write: true } as const;

export const routes: MatrixRoute[] = [
  {
    ...diary,
    method: "POST",
    path: "/api/import/myfitnesspal",
    form: csvForm("Nutrition.csv", "Date,Meal,Calories,Protein (g)\r\n2026-03-02,Lunch,500,20\r\n"),
  },
  {
    ...diary,
    method: "POST",
    path: "/api/import/cronometer",
    form: csvForm(
      "servings.csv",
      "Day,Group,Food Name,Amount,Energy (kcal)\r\n2026-03-02,Lunch,Soup,1.00 bowl,200\r\n",
    ),
  },
];
