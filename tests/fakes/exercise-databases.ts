import { JPEG } from "../helpers/image-fixtures.ts";

/**
 * Local fakes of the exercise databases the phone app searches, answering in each real
 * service's shapes: wger's REST API (/api/v2/exerciseinfo/, paginated {count, next,
 * previous, results}) and free-exercise-db's files on GitHub (dist/exercises.json, one
 * exercises/<id>.json each, images beside them). Either can be told to fail (500) or hang.
 */
export type ExerciseDatabaseFake = {
  origin: string;
  /** The base URL a provider row names. */
  baseUrl: string;
  fail: null | 500 | "slow";
  requests: URL[];
  stop(): void;
};

function start(base: string, answer: (url: URL, origin: string) => Response): ExerciseDatabaseFake {
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
      return answer(url, fake.origin);
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
