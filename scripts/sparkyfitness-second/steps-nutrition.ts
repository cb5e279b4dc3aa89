/** Meal types, foods with allergens, meals inside meals, diary, logged meals, water, goals. */
import { imageForm, png } from "./client.ts";
import type { Person, World } from "./fill.ts";

type MealType = { id: string; name: string };

async function mealTypes(p: Person): Promise<Record<string, string>> {
  const list = await p.s.get<MealType[]>("/api/meal-types");
  return Object.fromEntries(list.map((m) => [m.name.toLowerCase(), m.id]));
}

const FOODS = [
  {
    name: "Peanut satay sauce",
    brand: "Kitchen",
    serving_size: 30,
    serving_unit: "g",
    calories: 120,
    protein: 4.5,
    carbs: 6,
    fat: 9.5,
    dietary_fiber: 1.2,
    sodium: 310,
    allergens: ["peanuts", "soybeans"],
    traces: ["sesame-seeds"],
  },
  {
    name: "Wholemeal bread",
    brand: "Bakery",
    serving_size: 40,
    serving_unit: "g",
    calories: 96,
    protein: 4,
    carbs: 16.5,
    fat: 1.2,
    dietary_fiber: 2.8,
    allergens: ["gluten"],
    traces: ["milk", "sesame-seeds"],
  },
  {
    name: "Greek yoghurt",
    serving_size: 170,
    serving_unit: "g",
    calories: 100,
    protein: 17,
    carbs: 6,
    fat: 0.7,
    allergens: ["milk"],
  },
  {
    name: "Prawn curry",
    serving_size: 250,
    serving_unit: "g",
    calories: 320,
    protein: 24,
    carbs: 18,
    fat: 16,
    allergens: ["crustaceans", "milk"],
    traces: ["mustard"],
  },
  {
    name: "Basmati rice",
    serving_size: 100,
    serving_unit: "g",
    calories: 130,
    protein: 2.7,
    carbs: 28,
    fat: 0.3,
  },
  {
    name: "Banana",
    serving_size: 118,
    serving_unit: "g",
    calories: 105,
    protein: 1.3,
    carbs: 27,
    fat: 0.4,
    dietary_fiber: 3.1,
  },
];

async function createFoods(p: Person) {
  const ids: Record<string, { food: string; variant: string }> = {};
  for (const f of FOODS) {
    const food = await p.s.post("/api/foods", { ...f, is_custom: true, share_with_public: false });
    ids[f.name] = {
      food: food.id,
      variant: food.default_variant?.id ?? food.variant_id ?? food.default_variant_id,
    };
    if (!ids[f.name]!.variant) {
      const variants = await p.s.get(`/api/foods/food-variants?food_id=${food.id}`);
      ids[f.name]!.variant = variants[0].id;
    }
  }
  // A second variant with its own allergens.
  await p.s.post("/api/foods/food-variants", {
    food_id: ids["Wholemeal bread"]!.food,
    serving_size: 1,
    serving_unit: "slice",
    calories: 80,
    protein: 3.3,
    carbs: 13.8,
    fat: 1,
    dietary_fiber: 2.3,
    allergens: ["gluten", "soybeans"],
    traces: ["nuts"],
  });
  return ids;
}

async function foodAndMeals(w: World) {
  for (const p of [w.ava, w.chitra]) {
    const types = await mealTypes(p);
    const foods = await createFoods(p);
    const line = (name: string, quantity: number) => ({
      item_type: "food",
      food_id: foods[name]!.food,
      variant_id: foods[name]!.variant,
      quantity,
      unit: "g",
    });
    const sides = await p.s.post("/api/meals", {
      name: "Rice and sauce",
      serving_size: 1,
      serving_unit: "serving",
      total_servings: 1,
      foods: [line("Basmati rice", 150), line("Peanut satay sauce", 30)],
    });
    const curryPlate = await p.s.post("/api/meals", {
      name: "Curry night",
      description: "A meal with a meal inside",
      serving_size: 1,
      serving_unit: "serving",
      total_servings: 2,
      foods: [
        line("Prawn curry", 250),
        { item_type: "meal", child_meal_id: sides.id, quantity: 1, unit: "serving" },
      ],
    });
    const breakfast = await p.s.post("/api/meals", {
      name: "Toast breakfast",
      serving_size: 1,
      serving_unit: "serving",
      total_servings: 1,
      foods: [line("Wholemeal bread", 80), line("Greek yoghurt", 170)],
    });
    const brunch = await p.s.post("/api/meals", {
      name: "Big brunch",
      serving_size: 1,
      serving_unit: "serving",
      total_servings: 1,
      foods: [
        line("Banana", 118),
        { item_type: "meal", child_meal_id: breakfast.id, quantity: 1, unit: "serving" },
      ],
    });

    // Diary over DST changes (Sydney leaves DST on 2026-04-05; Kolkata has none).
    const days = [
      "2025-05-12",
      "2025-10-05",
      "2026-04-04",
      "2026-04-05",
      "2026-04-06",
      "2026-12-20",
    ];
    for (const [i, day] of days.entries()) {
      await p.s.post("/api/food-entries/", {
        meal_type_id: types.breakfast,
        food_id: foods["Wholemeal bread"]!.food,
        variant_id: foods["Wholemeal bread"]!.variant,
        quantity: 80,
        unit: "g",
        entry_date: day,
        entry_time: "07:30",
      });
      await p.s.post("/api/food-entries/", {
        meal_type_id: types.lunch,
        food_id: foods["Peanut satay sauce"]!.food,
        variant_id: foods["Peanut satay sauce"]!.variant,
        quantity: 30 + i,
        unit: "g",
        entry_date: day,
      });
      if (i % 2 === 0)
        await p.s.post("/api/food-entries/", {
          meal_type_id: types.snacks,
          food_id: foods.Banana!.food,
          variant_id: foods.Banana!.variant,
          quantity: 118,
          unit: "g",
          entry_date: day,
          entry_time: "15:45",
        });
    }
    // Logged meals (from templates, one with a meal inside), each with a photo.
    for (const [i, [meal, day, type]] of (
      [
        [curryPlate, "2026-04-05", "dinner"],
        [brunch, "2026-04-06", "breakfast"],
      ] as const
    ).entries()) {
      const logged = await p.s.post("/api/food-entry-meals", {
        meal_template_id: meal.id,
        meal_type: type,
        meal_type_id: types[type],
        entry_date: day,
        entry_time: "19:00",
        name: meal.name,
        quantity: 0.25 + i * 0.75,
        unit: "serving",
      });
      await p.s.call(
        "POST",
        `/api/food-entry-meals/${logged.id}/image`,
        imageForm("images", `meal-${i}.png`, png(30 + i * 80, 160, 60), {
          images: JSON.stringify(["__new__0"]),
        }),
      );
    }
  }
}

async function mealTypeSettings(w: World) {
  for (const p of [w.ava, w.ben]) {
    const types = await mealTypes(p);
    await p.s.put(`/api/meal-types/${types.snacks}`, {
      is_visible: false,
      show_in_quick_log: false,
    });
    await p.s.put(`/api/meal-types/${types.breakfast}`, {
      default_time: "06:45",
      show_in_quick_log: true,
    });
    await p.s.put(`/api/meal-types/${types.dinner}`, { default_time: "19:30" });
  }
  await w.ava.s.post("/api/meal-types", {
    name: "Second breakfast",
    sort_order: 15,
    is_visible: true,
    show_in_quick_log: true,
    default_time: "10:00",
  });
}

async function water(w: World) {
  const ben = w.ben;
  await ben.s.post("/api/water-containers", {
    name: "Stanley cup",
    volume: 40,
    unit: "oz",
    is_primary: true,
    servings_per_container: 4,
  });
  await ben.s.post("/api/water-containers", {
    name: "Nalgene",
    volume: 1,
    unit: "liter",
    is_primary: false,
    servings_per_container: 2,
  });
  await w.chitra.s.post("/api/water-containers", {
    name: "Steel bottle",
    volume: 1.5,
    unit: "liter",
    is_primary: true,
    servings_per_container: 3,
  });
  for (const day of ["2026-03-07", "2026-03-08", "2026-03-09"])
    await ben.s.post("/api/measurements/water-intake", {
      entry_date: day,
      change_drinks: 3,
      container_id: null,
    });
}

async function goals(w: World) {
  for (const p of [w.ava, w.dev]) {
    await p.s.post("/api/goals/manage-timeline", {
      p_start_date: "2026-03-01",
      p_cascade: false,
      p_calories: 2200,
      p_protein: 0,
      p_carbs: 0,
      p_fat: 0,
      p_protein_percentage: 30,
      p_carbs_percentage: 45,
      p_fat_percentage: 25,
      p_dietary_fiber: 32,
      p_water_goal_ml: 2500,
      p_breakfast_percentage: 25,
      p_lunch_percentage: 35,
      p_dinner_percentage: 30,
      p_snacks_percentage: 10,
    });
    const high = await p.s.post("/api/goal-presets", {
      preset_name: "Training day",
      calories: 2600,
      protein: 0,
      carbs: 0,
      fat: 0,
      protein_percentage: 30,
      carbs_percentage: 50,
      fat_percentage: 20,
      dietary_fiber: 35,
      water_goal: 3000,
      breakfast_percentage: 30,
      lunch_percentage: 30,
      dinner_percentage: 30,
      snacks_percentage: 10,
    });
    const rest = await p.s.post("/api/goal-presets", {
      preset_name: "Rest day",
      calories: 1900,
      protein: 140,
      carbs: 180,
      fat: 70,
      dietary_fiber: 30,
      water_goal: 2200,
    });
    await p.s.post("/api/weekly-goal-plans", {
      plan_name: "Training week",
      start_date: "2026-04-06",
      end_date: "2026-12-31",
      is_active: true,
      monday_preset_id: high.id,
      tuesday_preset_id: rest.id,
      wednesday_preset_id: high.id,
      thursday_preset_id: rest.id,
      friday_preset_id: high.id,
      saturday_preset_id: rest.id,
      sunday_preset_id: rest.id,
    });
  }
}

export const nutritionSteps = { mealTypeSettings, foodAndMeals, water, goals } satisfies Record<
  string,
  (w: World) => Promise<void>
>;
