import type { FakeModelServer } from "../fakes/openai-compatible.ts";
import { jsonRequest, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { makeAdmin } from "../helpers/accounts.ts";

/** A user made administrator in the database, as `fitness user create --admin` would. */
export async function createAdmin(ctx: TestContext): Promise<TestUser> {
  const admin = await ctx.createUser("Admin");
  await makeAdmin(ctx, admin.id);
  return admin;
}

/** The administrator points everyone's assistant at the fake model. */
export async function configureModel(
  ctx: TestContext,
  admin: TestUser,
  model: FakeModelServer,
  extra: Record<string, unknown> = {},
) {
  const res = await ctx.request(
    "/api/admin/chat/settings",
    jsonRequest("PUT", admin.token, {
      provider: "openai-compatible",
      base_url: model.baseUrl,
      model: "test-model",
      api_key: "sk-test",
      allow_private_network: true,
      ...extra,
    }),
  );
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
}

export function chat(ctx: TestContext, user: TestUser, body: Record<string, unknown>) {
  return ctx.request("/api/chat", jsonRequest("POST", user.token, body));
}

/** The events of a /api/chat/stream answer, in order. */
export async function streamEvents(res: Response): Promise<{ event: string; data: any }[]> {
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) };
    });
}
