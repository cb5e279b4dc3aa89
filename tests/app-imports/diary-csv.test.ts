import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser();
});
afterAll(() => ctx.close());

const BOM = "\uFEFF";
const crlf = (lines: string[]) => BOM + lines.join("\r\n") + "\r\n";

// Headers as MyFitnessPal's "Nutrition" export writes them: one row per day and meal.
const MFP_DIARY = crlf([
  "Date,Meal,Time,Calories,Fat (g),Saturated Fat,Polyunsaturated Fat,Monounsaturated Fat,Trans Fat,Cholesterol,Sodium (mg),Potassium,Carbohydrates (g),Fiber,Sugar,Protein (g),Vitamin A,Vitamin C,Calcium,Iron,Note",
  '2026-01-05,Breakfast,8:05 AM,"1,012.5",20.5,6,2,9,0,210,890,400,150.2,8,30,55.5,10,20,15,12,"oats, eggs and ""coffee"""',
  "2026-01-05,Lunch,12:30 PM,640,22,5,3,10,0,80,1200,700,70,9,6,32,5,40,8,20,",
  "2026-01-05,Pre-Workout,,150,1,0,0,0,0,0,5,100,35,2,20,1,0,0,0,0,",
  "2026-01-06,Dinner,19:15,800,30,10,4,12,0,120,1500,900,80,10,12,45,15,30,20,25,",
  "not-a-date,Dinner,,100,1,0,0,0,0,0,5,100,35,2,20,1,0,0,0,0,",
]);

// Cronometer's servings.csv: one row per food, the amount with its unit.
const CRONOMETER = crlf([
  "Day,Time,Group,Food Name,Amount,Energy (kcal),Alcohol (g),Caffeine (mg),Water (g),Carbs (g),Fiber (g),Sugars (g),Fat (g),Cholesterol (mg),Monounsaturated (g),Polyunsaturated (g),Saturated (g),Trans-Fats (g),Protein (g),Sodium (mg),Potassium (mg),Calcium (mg),Iron (mg),Vitamin A (µg),Vitamin C (mg),Category",
  '2026-02-01,07:45,Breakfast,"Oatmeal, rolled, dry",80.00 g,303.2,0,0,8,54,8,1,5.3,0,1.7,1.9,0.9,0,10.5,2,290,42,3.4,0,0,Grains',
  '2026-02-01,07:45,Breakfast,"Milk, 2%",1.00 cup,122,0,0,220,12,0,12,4.8,20,1.1,0.2,3.1,0.1,8.1,100,342,293,0,134,0.5,Dairy',
  '2026-02-01,07:50,Breakfast,"Milk, 2%",1.00 cup,122,0,0,220,12,0,12,4.8,20,1.1,0.2,3.1,0.1,8.1,100,342,293,0,134,0.5,Dairy',
  "2026-02-01,,Uncategorized,Apple,1.00 medium,95,0,0,156,25,4.4,19,0.3,0,0,0.1,0.1,0,0.5,2,195,11,0.2,5,8.4,Fruits",
  "2026-02-01,,Snacks,Broken Row,,10,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,Misc",
]);

function upload(path: string, text: string, name = "export.csv") {
  const form = new FormData();
  form.append("file", new File([text], name, { type: "text/csv" }));
  return ctx.request(path, { method: "POST", headers: bearer(user.token), body: form });
}

async function entriesOn(day: string): Promise<Record<string, any>[]> {
  const res = await ctx.request(`/api/food-entries/by-date/${day}`, {
    headers: bearer(user.token),
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe("MyFitnessPal diary CSV", () => {
  test("each day's meals become diary entries with their totals; re-import adds nothing", async () => {
    const res = await upload("/api/import/myfitnesspal", MFP_DIARY);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ kind: "diary", read: 5, written: 4, unchanged: 0 });
    expect(body.skipped).toEqual([{ line: 5, reason: 'unreadable date "not-a-date"' }]);
    expect(body.unmatched_meals).toEqual(["Pre-Workout"]);

    const day = await entriesOn("2026-01-05");
    expect(day).toHaveLength(3);
    const breakfast = day.find((e) => e.food_name === "Breakfast (MyFitnessPal)")!;
    expect(breakfast).toMatchObject({
      meal_type: "breakfast",
      entry_time: "08:05:00",
      calories: 1012.5,
      protein: 55.5,
      carbs: 150.2,
      fat: 20.5,
      sodium: 890,
      dietary_fiber: 8,
      sugars: 30,
      source: "myfitnesspal",
    });
    // Vitamins and minerals are % of daily value in this export and are not stored.
    expect(breakfast.vitamin_a).toBeNull();
    expect(day.find((e) => e.food_name === "Pre-Workout (MyFitnessPal)")!.meal_type).toBe("snacks");
    expect((await entriesOn("2026-01-06"))[0]).toMatchObject({
      meal_type: "dinner",
      calories: 800,
    });

    const again = await (await upload("/api/import/myfitnesspal", MFP_DIARY)).json();
    expect(again).toMatchObject({ read: 5, written: 0, unchanged: 4 });
    expect(await entriesOn("2026-01-05")).toHaveLength(3);
  });

  test("the measurement export fills each day's check-in weight, converted from pounds", async () => {
    const csv = crlf(["Date,Weight", "2026-01-05,176.4", "2026-01-06,175", "2026-01-07,"]);
    const res = await upload("/api/import/myfitnesspal?weight_unit=lb", csv);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ kind: "measurements", read: 3, written: 2 });
    expect(body.skipped).toEqual([{ line: 3, reason: 'unreadable weight ""' }]);
    const checkIn = await ctx.request("/api/measurements/check-in/2026-01-05", {
      headers: bearer(user.token),
    });
    expect((await checkIn.json()).weight).toBeCloseTo(80.014, 2);
  });

  test("a file that is not this export answers 400 and writes nothing", async () => {
    const res = await upload("/api/import/myfitnesspal", "Day,Food Name\r\n2026-03-01,Toast\r\n");
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      "Not a MyFitnessPal nutrition export: missing columns Date, Meal, Calories.",
    );
    // A good row first, then a quote that never closes: the whole file is refused.
    const [header] = MFP_DIARY.split("\r\n");
    const unterminated = crlf([header!, "2026-03-01,Lunch,,500", '2026-03-01,Dinner,,"700']);
    const broken = await upload("/api/import/myfitnesspal", unterminated);
    expect(broken.status).toBe(400);
    expect(await entriesOn("2026-03-01")).toEqual([]);
  });
});

describe("Cronometer servings CSV", () => {
  test("each food becomes an entry with its amount and nutrients; re-import adds nothing", async () => {
    const res = await upload("/api/import/cronometer", CRONOMETER, "servings.csv");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ kind: "diary", read: 5, written: 4, unchanged: 0 });
    expect(body.skipped).toEqual([{ line: 5, reason: 'unreadable amount ""' }]);
    expect(body.unmatched_meals).toEqual([]);

    const day = await entriesOn("2026-02-01");
    expect(day).toHaveLength(4);
    const oats = day.find((e) => e.food_name === "Oatmeal, rolled, dry")!;
    expect(oats).toMatchObject({
      meal_type: "breakfast",
      entry_time: "07:45:00",
      quantity: 80,
      unit: "g",
      serving_size: 80,
      calories: 303.2,
      protein: 10.5,
      carbs: 54,
      fat: 5.3,
      iron: 3.4,
      source: "cronometer",
    });
    // The same food twice in one meal is two entries, not one.
    expect(day.filter((e) => e.food_name === "Milk, 2%")).toHaveLength(2);
    expect(day.find((e) => e.food_name === "Apple")!.meal_type).toBe("snacks");

    const again = await (await upload("/api/import/cronometer", CRONOMETER)).json();
    expect(again).toMatchObject({ written: 0, unchanged: 4 });
    expect(await entriesOn("2026-02-01")).toHaveLength(4);
  });

  test("no file, or a file without Cronometer's columns, answers 400", async () => {
    const none = await ctx.request("/api/import/cronometer", {
      method: "POST",
      headers: bearer(user.token),
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    const wrong = await upload("/api/import/cronometer", MFP_DIARY);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toContain("Not a Cronometer export");
  });
});
