import { HttpError } from "../errors.ts";
import { createLoadCache } from "../lib/load-cache.ts";
import { resolveMediaUrl, underBase } from "./provider-fetch.ts";
import type { ExerciseProviderDefinition, ProviderContext } from "./types.ts";

/**
 * The exercise databases the phone app searches: wger's REST API and free-exercise-db's
 * JSON files. Both answer in their own formats; the exercise library reads them.
 */

type Json = Record<string, unknown>;
export const WGER_URL = "https://wger.de/api/v2";
export const FREE_EXERCISE_DB_URL =
  "https://raw.githubusercontent.com/yuhonas/free-exercise-db/main";
// The languages wger has names in besides English, its fallback.
const WGER_LANGUAGES = ["de", "en", "es", "fr", "it"];

// https://wger.de/api/v2/exerciseinfo/: a page {count, results}, images as {image: url}.
function createWger({ settings, http, language }: ProviderContext) {
  const base = settings.baseUrl ?? WGER_URL;
  const withImages = (item: Json) => ({
    ...item,
    images: (Array.isArray(item.images) ? item.images : [])
      .map((i) => resolveMediaUrl(base, (i as Json)?.image as string))
      .filter((url) => url !== null),
  });
  return {
    format: "wger" as const,
    async search(query: string, page: number, pageSize: number) {
      const found = await http.json<{ count?: number; results?: Json[] }>(
        underBase(base, "/exerciseinfo/", {
          name__search: query,
          language__code: WGER_LANGUAGES.find((l) => language.startsWith(l)) ?? "en",
          limit: String(pageSize),
          offset: String((page - 1) * pageSize),
        }),
      );
      const items = (found?.results ?? []).map(withImages);
      return { items, totalCount: found?.count ?? items.length };
    },
    async details(id: string) {
      if (!/^[1-9]\d*$/.test(id)) return null;
      const item = await http.json<Json>(underBase(base, `/exerciseinfo/${id}/`), {
        notFoundIsNull: true,
      });
      return item ? withImages(item) : null;
    },
  };
}

/**
 * free-exercise-db's whole list (about 900 exercises, 1 MB), downloaded once a day per URL
 * rather than on every search. Keyed with the address policy too: a list fetched from the
 * home network by a row an administrator allowed is never served to one the guard refuses.
 */
const freeExerciseLists = createLoadCache<Json[]>({ ttlMs: 24 * 60 * 60 * 1000, maxEntries: 8 });

// https://github.com/yuhonas/free-exercise-db: every exercise in dist/exercises.json, one
// per exercises/<id>.json, images relative to exercises/.
function createFreeExerciseDb({ settings, http }: ProviderContext) {
  const base = settings.baseUrl ?? FREE_EXERCISE_DB_URL;
  const listUrl = underBase(base, "/dist/exercises.json");
  const list = () =>
    freeExerciseLists.get(
      `${settings.allowPrivateNetwork ? "private" : "public"} ${listUrl}`,
      async () => {
        const body = await http.json<unknown>(listUrl);
        if (!Array.isArray(body))
          throw new HttpError(502, "Free Exercise DB answered with something that is not a list.");
        return body as Json[];
      },
    );
  const withImages = (item: Json) => ({
    ...item,
    images: (Array.isArray(item.images) ? item.images : [])
      .filter((path): path is string => typeof path === "string")
      .map((path) => underBase(base, `/exercises/${path}`)),
  });
  return {
    format: "free-exercise-db" as const,
    async search(query: string, page: number, pageSize: number) {
      const all = await list();
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      const name = (item: Json) => String(item.name ?? "").toLowerCase();
      // Every word of the query in the name; names starting with the query first.
      const matches = all
        .filter((item) => words.every((w) => name(item).includes(w)))
        .sort(
          (a, b) =>
            Number(name(b).startsWith(words[0] ?? "")) -
              Number(name(a).startsWith(words[0] ?? "")) || name(a).localeCompare(name(b)),
        );
      const items = matches.slice((page - 1) * pageSize, page * pageSize).map(withImages);
      return { items, totalCount: matches.length };
    },
    async details(id: string) {
      // Ids are file names (Air_Bike, 3_4_Sit-Up): nothing that could leave exercises/.
      if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
      const item = await http.json<Json>(underBase(base, `/exercises/${id}.json`), {
        notFoundIsNull: true,
      });
      return item ? withImages(item) : null;
    },
  };
}

const exerciseDatabase = {
  supportsBarcode: false,
  images: "yes",
  enrich: false,
  needs: { appId: false, appKey: false },
} as const;

export const wger: ExerciseProviderDefinition = {
  ...exerciseDatabase,
  type: "wger",
  label: "wger",
  defaultBaseUrl: WGER_URL,
  categories: ["exercise"],
  createExercises: createWger,
};

export const freeExerciseDb: ExerciseProviderDefinition = {
  ...exerciseDatabase,
  type: "free-exercise-db",
  label: "Free Exercise DB",
  defaultBaseUrl: FREE_EXERCISE_DB_URL,
  categories: ["exercise"],
  createExercises: createFreeExerciseDb,
};
