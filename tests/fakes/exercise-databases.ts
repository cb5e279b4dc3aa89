import { JPEG } from "../helpers/image-fixtures.ts";

/**
 * Local fakes of the exercise databases the phone app searches, answering in each real
 * service's shapes: wger's REST API (/api/v2/exerciseinfo/, paginated {count, next,
 * previous, results}), free-exercise-db's files on GitHub (dist/exercises.json, one
 * exercises/<id>.json each, images beside them) and Nutritionix's natural-language exercise
 * endpoint. Each can be told to fail (500) or hang.
 */
export type ExerciseDatabaseFake = {
  origin: string;
  /** The base URL a provider row names. */
  baseUrl: string;
  fail: null | 500 | "slow";
  requests: URL[];
  stop(): void;
};

type Answer = (url: URL, origin: string, request: Request) => Response | Promise<Response>;

function start(base: string, answer: Answer): ExerciseDatabaseFake {
  const fake: ExerciseDatabaseFake = {
    origin: "",
    baseUrl: "",
    fail: null,
    requests: [],
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    fetch(request) {
      const url = new URL(request.url);
      fake.requests.push(url);
      if (fake.fail === "slow") return new Promise<Response>(() => {});
      if (fake.fail) return Response.json({ detail: "Server error" }, { status: fake.fail });
      if (/\.(jpg|png)$/.test(url.pathname)) return new Response(JPEG);
      return answer(url, fake.origin, request);
    },
  });
  fake.origin = `http://localhost:${server.port}`;
  fake.baseUrl = fake.origin + base;
  return fake;
}

const muscle = (id: number, name: string, name_en: string, is_front: boolean) => ({
  id,
  name,
  name_en,
  is_front,
  image_url_main: `/static/images/muscles/main/muscle-${id}.svg`,
  image_url_secondary: `/static/images/muscles/secondary/muscle-${id}.svg`,
});

function wgerExercise(origin: string, id: number, name: string, description: string) {
  return {
    id,
    uuid: crypto.randomUUID(),
    created: "2023-08-06T10:17:17.349574+02:00",
    last_update: "2024-01-17T11:21:24.361412+01:00",
    last_update_global: "2024-01-17T11:21:24.361412+01:00",
    category: { id: 11, name: "Chest" },
    muscles: [muscle(4, "Pectoralis major", "Chest", true)],
    muscles_secondary: [muscle(5, "Triceps brachii", "Triceps", false)],
    equipment: [
      { id: 1, name: "Barbell" },
      { id: 8, name: "Bench" },
    ],
    license_author: "wger.de",
    images: [
      {
        id: 1,
        uuid: crypto.randomUUID(),
        exercise: id,
        image: `${origin}/media/exercise-images/${id}/Bench-press-1.png`,
        is_main: true,
        style: "1",
      },
    ],
    translations: [
      {
        id: id * 10,
        uuid: crypto.randomUUID(),
        name: `${name} (DE)`,
        exercise: id,
        description: "<p>Auf die Bank legen.</p>",
        language: 1,
      },
      { id: id * 10 + 1, uuid: crypto.randomUUID(), name, exercise: id, description, language: 2 },
    ],
    videos: [],
    force: null,
    mechanic: null,
  };
}

/** wger under /api/v2: two bench presses. */
export function startWgerFake(): ExerciseDatabaseFake {
  return start("/api/v2", (url, origin) => {
    const all = [
      wgerExercise(
        origin,
        73,
        "Bench Press",
        "<ol><li>Lie on the bench.</li><li>Press the bar up.</li></ol>",
      ),
      wgerExercise(origin, 74, "Incline Bench Press", "<p>Press on an incline bench.</p>"),
    ];
    const one = url.pathname.match(/^\/api\/v2\/exerciseinfo\/(\d+)\/$/);
    if (one) {
      const found = all.find((x) => x.id === Number(one[1]));
      return found
        ? Response.json(found)
        : Response.json({ detail: "Not found." }, { status: 404 });
    }
    if (url.pathname !== "/api/v2/exerciseinfo/")
      return Response.json({ detail: "Not found." }, { status: 404 });
    const term = (url.searchParams.get("name__search") ?? "").toLowerCase();
    const matches = all.filter((x) =>
      x.translations.some((t) => t.name.toLowerCase().includes(term)),
    );
    const limit = Number(url.searchParams.get("limit") ?? 20);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    return Response.json({
      count: matches.length,
      next:
        offset + limit < matches.length
          ? `${origin}/api/v2/exerciseinfo/?offset=${offset + limit}`
          : null,
      previous: null,
      results: matches.slice(offset, offset + limit),
    });
  });
}

/** A free-exercise-db body-weight abdominal exercise with its two pictures. */
const abdominal = (id: string, name: string, instructions: string[]) => ({
  name,
  force: "pull",
  level: "beginner",
  mechanic: "compound",
  equipment: "body only",
  primaryMuscles: ["abdominals"],
  secondaryMuscles: [],
  instructions,
  category: "strength",
  images: [`${id}/0.jpg`, `${id}/1.jpg`],
  id,
});

const FREE_EXERCISES = [
  abdominal("3_4_Sit-Up", "3/4 Sit-Up", [
    "Lie down on the floor and secure your feet.",
    "Raise your torso.",
  ]),
  abdominal("Air_Bike", "Air Bike", ["Lie flat on the floor.", "Pedal."]),
  {
    name: "Bicycling",
    force: null,
    level: "beginner",
    mechanic: null,
    equipment: "other",
    primaryMuscles: ["quadriceps"],
    secondaryMuscles: ["glutes", "hamstrings"],
    instructions: ["Ride."],
    category: "cardio",
    images: ["Bicycling/0.jpg"],
    id: "Bicycling",
  },
];

/** free-exercise-db as raw.githubusercontent.com serves the repository's main branch. */
export function startFreeExerciseDbFake(): ExerciseDatabaseFake {
  return start("/yuhonas/free-exercise-db/main", (url) => {
    const path = url.pathname.replace("/yuhonas/free-exercise-db/main", "");
    if (path === "/dist/exercises.json") return Response.json(FREE_EXERCISES);
    const found = FREE_EXERCISES.find((x) => path === `/exercises/${x.id}.json`);
    return found ? Response.json(found) : new Response("404: Not Found", { status: 404 });
  });
}

// Nutritionix's activities (Compendium of Physical Activities) this fake recognises.
const NIX_ACTIVITIES = [
  {
    words: /\b(ran|run|running|jog)/,
    tag_id: 63,
    name: "running",
    met: 9.8,
    compendium_code: 12050,
  },
  { words: /\byoga\b/, tag_id: 104, name: "yoga", met: 2.5, compendium_code: 2150 },
  { words: /\bswim/, tag_id: 88, name: "swimming", met: 6, compendium_code: 18310 },
];

/**
 * Nutritionix's POST /v2/natural/exercise at the API's root: it needs x-app-id "nix-id" and
 * x-app-key "nix-key", reads each phrase of the sentence as one activity (30 minutes unless
 * "<n> min" is said) and answers 404 when it recognises none, as the real one does.
 */
export function startNutritionixExerciseFake(): ExerciseDatabaseFake {
  return start("", async (url, origin, request) => {
    if (
      request.headers.get("x-app-id") !== "nix-id" ||
      request.headers.get("x-app-key") !== "nix-key"
    )
      return Response.json({ message: "unauthorized" }, { status: 401 });
    if (url.pathname !== "/v2/natural/exercise" || request.method !== "POST")
      return Response.json({ message: "Not found" }, { status: 404 });
    const { query } = (await request.json()) as { query: string };
    const exercises = query
      .toLowerCase()
      .split(/,| and /)
      .flatMap((phrase) => {
        const activity = NIX_ACTIVITIES.find((a) => a.words.test(phrase));
        if (!activity) return [];
        const minutes = Number(phrase.match(/(\d+)\s*min/)?.[1] ?? 30);
        const { words: _, ...known } = activity;
        return [
          {
            ...known,
            user_input: phrase.trim(),
            duration_min: minutes,
            nf_calories: Math.round(((activity.met * 70 * minutes) / 60) * 100) / 100,
            photo: {
              highres: `${origin}/exercise/${activity.tag_id}_highres.jpg`,
              thumb: `${origin}/exercise/${activity.tag_id}_thumb.jpg`,
              is_user_uploaded: false,
            },
            description: null,
            benefits: null,
          },
        ];
      });
    if (exercises.length === 0)
      return Response.json(
        { message: "We couldn't match any of your exercises", id: crypto.randomUUID() },
        { status: 404 },
      );
    return Response.json({ exercises });
  });
}
