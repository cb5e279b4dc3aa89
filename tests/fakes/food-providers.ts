import { JPEG } from "../helpers/image-fixtures.ts";
import {
  fatSecretHandler,
  nutritionixHandler,
  offHandler,
  usdaHandler,
  type FakeState,
} from "./food-provider-apis.ts";
import {
  mealieHandler,
  norishHandler,
  swissHandler,
  tandoorHandler,
  yazioHandler,
} from "./recipe-apis.ts";

/**
 * Local fake servers for the food providers, one per provider, answering with each real
 * API's shapes (see the handlers). Every fake can be told to fail: 401, 403, 429 with
 * Retry-After, 500, or "slow" (never answers, for the timeout path). Requests are
 * recorded so tests can see what the client sent. Reached through the SSRF guard's
 * test-only allow-host ("localhost").
 */
export type FakeProvider = {
  origin: string;
  state: FakeState;
  requests: URL[];
  /** The User-Agent of every request. */
  agents: string[];
  stop(): void;
};

export type FoodProviderFakes = Record<
  | "openfoodfacts"
  | "usda"
  | "fatsecret"
  | "nutritionix"
  | "mealie"
  | "tandoor"
  | "norish"
  | "yazio"
  | "swissfood",
  FakeProvider
> & { stopAll(): void };

type Handler = (request: Request, url: URL, fake: FakeProvider) => Response | Promise<Response>;

function startFake(handler: Handler): FakeProvider {
  const requests: URL[] = [];
  const agents: string[] = [];
  const fake: FakeProvider = {
    origin: "",
    state: {
      fail: null,
      premierAllowed: true,
      imagesAddon: true,
      tokenScopes: [],
      uploads: [],
      writes: [],
    },
    requests,
    agents,
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push(url);
      agents.push(request.headers.get("user-agent") ?? "");
      if (url.pathname.endsWith(".jpg") || url.pathname.endsWith(".webp")) {
        return new Response(JPEG, { headers: { "Content-Type": "image/jpeg" } });
      }
      const failure = failWith(fake.state.fail);
      if (failure) return failure;
      return handler(request, url, fake);
    },
  });
  fake.origin = `http://localhost:${server.port}`;
  return fake;
}

function failWith(fail: FakeState["fail"]): Response | Promise<Response> | null {
  if (fail === null) return null;
  if (fail === "slow") return new Promise(() => {});
  if (fail === 429) {
    return Response.json(
      { error: { code: "OVER_RATE_LIMIT", message: "Too many requests" } },
      { status: 429, headers: { "Retry-After": "42" } },
    );
  }
  return Response.json({ error: "failure" }, { status: fail });
}

/** Starts every fake; stop them with stopAll in afterAll. */
export function startFoodProviderFakes(): FoodProviderFakes {
  const fakes = {
    openfoodfacts: startFake(offHandler),
    usda: startFake(usdaHandler),
    fatsecret: startFake(fatSecretHandler),
    nutritionix: startFake(nutritionixHandler),
    mealie: startFake(mealieHandler),
    tandoor: startFake(tandoorHandler),
    norish: startFake(norishHandler),
    yazio: startFake(yazioHandler),
    swissfood: startFake(swissHandler),
  };
  return {
    ...fakes,
    stopAll: () => Object.values(fakes).forEach((fake) => fake.stop()),
  };
}
