import { strToU8, zipSync } from "fflate";
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
  // Like the phone sync it feeds, an Apple Health import writes only the caller's own data.
  {
    permission: "owner_only",
    write: true,
    method: "POST",
    path: "/api/import/apple-health",
    form: () => {
      const xml = `<?xml version="1.0"?><HealthData locale="en_US"><Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-03-02 08:00:00 +0000" endDate="2026-03-02 08:00:00 +0000" value="61"/></HealthData>`;
      const form = new FormData();
      form.append(
        "file",
        new File([zipSync({ "apple_health_export/export.xml": strToU8(xml) })], "export.zip"),
      );
      return form;
    },
  },
];
