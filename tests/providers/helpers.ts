import { startFoodProviderFakes, type FoodProviderFakes } from "../fakes/food-providers.ts";
import {
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";

/** A test app whose provider requests reach the local fakes and time out after 500 ms. */
export async function createProviderContext(
  env: (fakes: FoodProviderFakes) => Record<string, string> = () => ({}),
) {
  const fakes = startFoodProviderFakes();
  const ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "localhost",
    SERVICE_FITNESS_FOOD_PROVIDER_TIMEOUT_MS: "500",
    ...env(fakes),
  });
  return { ctx, fakes };
}

/** The settings that make each provider type talk to its fake with good credentials. */
export function providerSettings(
  fakes: FoodProviderFakes,
  type: keyof Omit<FoodProviderFakes, "stopAll">,
) {
  const origin = fakes[type].origin;
  const settings: Record<string, Record<string, unknown>> = {
    openfoodfacts: { base_url: origin },
    usda: { base_url: `${origin}/fdc`, app_key: "usda-key" },
    fatsecret: {
      base_url: `${origin}/rest`,
      app_id: `fs-client`,
      app_key: "fs-secret",
      options: { token_url: `${origin}/connect/token`, images_addon: true },
    },
    nutritionix: { base_url: origin, app_id: "nix-id", app_key: "nix-key" },
    mealie: { base_url: `${origin}/mealie`, app_key: "mealie-token" },
    tandoor: { base_url: `${origin}/tandoor`, app_key: "tandoor-token" },
    norish: { base_url: origin, app_key: "norish-token" },
    yazio: {
      base_url: `${origin}/v15`,
      app_id: "me@example.test",
      app_key: "yz-pass",
      options: { client_id: "app", client_secret: "app-secret" },
    },
    swissfood: { base_url: `${origin}/BLV-api` },
  };
  return { provider_name: type, provider_type: type, ...settings[type] };
}

export type Json = Record<string, any>;

/** Sends a JSON request as the user; returns status, parsed body and headers. */
export async function call(
  ctx: TestContext,
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const init = jsonRequest(method, user.token, body);
  init.headers = { ...(init.headers as Record<string, string>), ...headers };
  const response = await ctx.request(path, init);
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as any,
    headers: response.headers,
  };
}

/**
 * Adds a provider for the user and returns its id. Every account has a Swiss Food Database
 * already (default-providers.ts): that row is pointed at the fake instead, so no test reaches
 * the real service.
 */
export async function addProvider(
  ctx: TestContext,
  user: TestUser,
  fakes: FoodProviderFakes,
  type: keyof Omit<FoodProviderFakes, "stopAll">,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const body = { ...providerSettings(fakes, type), ...overrides };
  const own =
    type === "swissfood" &&
    (await call(ctx, user, "GET", "/api/external-providers")).body.find(
      (p: Json) => p.provider_type === type && p.editable,
    );
  const res = own
    ? await call(ctx, user, "PUT", `/api/external-providers/${own.id}`, body)
    : await call(ctx, user, "POST", "/api/external-providers", body);
  if (res.status !== (own ? 200 : 201))
    throw new Error(`adding ${type}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}
