import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeModelServer, type FakeModelServer } from "../fakes/openai-compatible.ts";
import { actingFor, expireGrant, grant } from "../family/family-helpers.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { chat, configureModel, createAdmin, streamEvents } from "./chat-helpers.ts";

let ctx: TestContext;
let model: FakeModelServer;
beforeAll(async () => {
  ctx = await createTestContext();
  model = startFakeModelServer();
}, 60_000);
afterAll(async () => {
  model.stop();
  await ctx.close();
});

async function checkIn(token: string, date: string) {
  const res = await ctx.request(`/api/measurements/check-in/${date}`, { headers: bearer(token) });
  return (await res.json()) as Record<string, unknown> | null;
}

const toolNames = (request: FakeModelServer["requests"][number]) =>
  (request.tools ?? []).map((tool) => (tool as { function: { name: string } }).function.name);

async function historyOf(token: string) {
  const res = await ctx.request("/api/chat/history", { headers: bearer(token) });
  return ((await res.json()) as { conversations: { id: string; messages: number }[] })
    .conversations;
}

describe("the assistant, configured by an administrator", () => {
  test("without a model it answers 503, and the model host must pass the SSRF guard", async () => {
    const user = await ctx.createUser();
    expect((await chat(ctx, user, { message: "hi" })).status).toBe(503);

    const admin = await createAdmin(ctx);
    await configureModel(ctx, admin, model, { allow_private_network: false });
    const refused = await chat(ctx, user, { message: "hi" });
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { error: string }).error).toMatch(/not a public address/);
    expect(model.requests).toHaveLength(0);
    expect(await historyOf(user.token)).toEqual([]);
    await configureModel(ctx, admin, model);
  });

  test("logs a check-in through a tool, then answers from what it read", async () => {
    const user = await ctx.createUser();
    const today = new Date().toISOString().slice(0, 10);
    model.script(
      { toolCalls: [{ name: "log_checkin", arguments: { weight: 71.5 } }] },
      { toolCalls: [{ name: "get_checkin", arguments: {} }] },
      { text: "Logged 71.5 kg for today." },
    );
    const res = await chat(ctx, user, { message: "I weigh 71.5 kg" });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as any;
    expect(answer.content).toBe("Logged 71.5 kg for today.");
    expect(answer.tool_calls.map((c: any) => [c.name, c.ok])).toEqual([
      ["log_checkin", true],
      ["get_checkin", true],
    ]);
    expect((await checkIn(user.token, today))?.weight).toBe(71.5);
    // The model saw the tools and, on its next step, the tool's result.
    const sent = model.requests.at(-1)!;
    expect((sent.tools ?? []).length).toBeGreaterThan(3);
    expect(JSON.stringify(sent.messages)).toContain("71.5");

    const conversations = await historyOf(user.token);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.messages).toBe(2);
  });

  test("logs a food and a water entry, then answers a question from the diary", async () => {
    const user = await ctx.createUser();
    const today = new Date().toISOString().slice(0, 10);
    model.script(
      {
        toolCalls: [
          {
            name: "create_food",
            arguments: {
              name: "Green apple",
              serving_size: 1,
              serving_unit: "piece",
              calories: 95,
            },
          },
        ],
      },
      {
        toolCalls: [
          { name: "log_food", arguments: { food: "Green apple", meal_type: "snacks" } },
          { name: "log_water", arguments: { amount_ml: 500 } },
        ],
      },
      { toolCalls: [{ name: "get_food_diary", arguments: {} }] },
      { text: "Today: a green apple (95 kcal) and 500 ml of water." },
    );
    const res = await chat(ctx, user, { message: "I ate an apple and drank half a litre" });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as any;
    expect(answer.tool_calls.map((c: any) => [c.name, c.ok])).toEqual([
      ["create_food", true],
      ["log_food", true],
      ["log_water", true],
      ["get_food_diary", true],
    ]);
    const diary = await ctx.request(`/api/food-entries/by-date/${today}`, {
      headers: bearer(user.token),
    });
    expect(JSON.stringify(await diary.json())).toContain("Green apple");
    const water = await ctx.request(`/api/measurements/water-intake/${today}`, {
      headers: bearer(user.token),
    });
    expect(((await water.json()) as { water_ml: number }).water_ml).toBe(500);
    // The answer was written after the model read the diary back through its tool.
    expect(JSON.stringify(model.requests.at(-1)!.messages)).toContain("Green apple");
  });

  test("a wrong tool name and bad arguments come back as tool errors; nothing is written", async () => {
    const user = await ctx.createUser();
    const today = new Date().toISOString().slice(0, 10);
    model.script(
      { toolCalls: [{ name: "drop_database", arguments: {} }] },
      { toolCalls: [{ name: "log_checkin", arguments: { weight: "heavy" } }] },
      { text: "Sorry, I could not log that." },
    );
    const answer = (await (await chat(ctx, user, { message: "log my weight" })).json()) as any;
    expect(answer.tool_calls).toHaveLength(2);
    for (const call of answer.tool_calls) {
      expect(call.ok).toBe(false);
      expect(call.error).toBeTruthy();
    }
    expect(answer.tool_calls[1].error).toMatch(/Invalid arguments for log_checkin/);
    expect((await checkIn(user.token, today))?.weight ?? null).toBeNull();
  });

  test("the stream sends text deltas, tool calls, tool results, then done, in order", async () => {
    const user = await ctx.createUser();
    model.script(
      { toolCalls: [{ name: "log_checkin", arguments: { steps: 9000 } }] },
      { text: "Nine thousand steps, well done." },
    );
    const res = await ctx.request(
      "/api/chat/stream",
      jsonRequest("POST", user.token, { message: "I walked 9000 steps" }),
    );
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = await streamEvents(res);
    const kinds = events.map((e) => e.event);
    expect(kinds.indexOf("tool-call")).toBeLessThan(kinds.indexOf("tool-result"));
    expect(kinds.indexOf("tool-result")).toBeLessThan(kinds.indexOf("text-delta"));
    expect(kinds.at(-1)).toBe("done");
    const text = events.filter((e) => e.event === "text-delta").map((e) => e.data.text);
    expect(text.length).toBeGreaterThan(1);
    expect(text.join("")).toBe("Nine thousand steps, well done.");
    const done = events.at(-1)!.data;
    const history = await ctx.request(`/api/chat/history/${done.conversation_id}`, {
      headers: bearer(user.token),
    });
    const messages = ((await history.json()) as any).messages;
    expect(messages.map((m: any) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1].tool_calls[0].name).toBe("log_checkin");
  });

  test("a conversation continues with its history; a model error stores nothing", async () => {
    const user = await ctx.createUser();
    model.script({ text: "Hello!" });
    const first = (await (await chat(ctx, user, { message: "hi" })).json()) as any;
    model.script({ status: 500, message: "model overloaded" });
    const failed = await chat(ctx, user, {
      message: "again",
      conversation_id: first.conversation_id,
    });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as any).error).toMatch(/^The AI model failed/);
    model.script({ status: 500, message: "model overloaded" });
    const streamed = await ctx.request(
      "/api/chat/stream",
      jsonRequest("POST", user.token, { message: "again", conversation_id: first.conversation_id }),
    );
    expect((await streamEvents(streamed)).at(-1)!.event).toBe("error");
    expect((await historyOf(user.token))[0]!.messages).toBe(2);

    model.script({ text: "Still here." });
    await chat(ctx, user, { message: "you there?", conversation_id: first.conversation_id });
    expect(JSON.stringify(model.requests.at(-1)!.messages)).toContain("Hello!");
    expect((await historyOf(user.token))[0]!.messages).toBe(4);

    const unknown = await chat(ctx, user, { message: "x", conversation_id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
  });

  test("history can be deleted, one conversation or all", async () => {
    const user = await ctx.createUser();
    model.script({ text: "One." }, { text: "Two." });
    const one = (await (await chat(ctx, user, { message: "1" })).json()) as any;
    await chat(ctx, user, { message: "2" });
    const removed = await ctx.request(`/api/chat/history/${one.conversation_id}`, {
      method: "DELETE",
      headers: bearer(user.token),
    });
    expect(await removed.json()).toEqual({ deleted: 2 });
    expect(await historyOf(user.token)).toHaveLength(1);
    const all = await ctx.request("/api/chat/history", {
      method: "DELETE",
      headers: bearer(user.token),
    });
    expect(await all.json()).toEqual({ deleted: 2 });
    expect(await historyOf(user.token)).toEqual([]);
  });

  test("bad input is a 400 that reaches no model", async () => {
    const user = await ctx.createUser();
    const before = model.requests.length;
    for (const body of [
      {},
      { message: "" },
      { message: "x".repeat(4001) },
      { message: "x", conversation_id: "nope" },
    ])
      expect((await chat(ctx, user, body)).status).toBe(400);
    expect(model.requests.length).toBe(before);
  });
});

describe("limits, settings and who may chat", () => {
  test("the daily budget answers 429 once spent", async () => {
    const scoped = await createTestContext();
    try {
      const admin = await createAdmin(scoped);
      await configureModel(scoped, admin, model, { daily_request_limit: 2 });
      const user = await scoped.createUser();
      model.script({ text: "a" }, { text: "b" });
      expect((await chat(scoped, user, { message: "1" })).status).toBe(200);
      expect((await chat(scoped, user, { message: "2" })).status).toBe(200);
      const third = await chat(scoped, user, { message: "3" });
      expect(third.status).toBe(429);
      expect(((await third.json()) as any).error).toMatch(/today's AI assistant requests/);
    } finally {
      await scoped.close();
    }
  });

  test("keys are stored sealed and never shown; personal models need the admin's consent", async () => {
    const admin = await createAdmin(ctx);
    const view = await ctx.request("/api/admin/chat/settings", { headers: bearer(admin.token) });
    const settings = (await view.json()) as Record<string, unknown>;
    expect(settings.has_api_key).toBe(true);
    expect(JSON.stringify(settings)).not.toContain("sk-test");
    const [row] = await ctx.db.owner<{ sealed: Uint8Array }[]>`
      select api_key_sealed as sealed from chat_server_settings`;
    expect(Buffer.from(row!.sealed).toString("latin1")).not.toContain("sk-test");

    const user = await ctx.createUser();
    const own = {
      provider: "openai-compatible",
      base_url: model.baseUrl,
      model: "mine",
      api_key: "sk-own",
    };
    const refused = await ctx.request("/api/chat/settings", jsonRequest("PUT", user.token, own));
    expect(refused.status).toBe(403);
    expect(
      (await ctx.request("/api/chat/settings", jsonRequest("PUT", user.token, {}))).status,
    ).toBe(400);
    const other = await ctx.createUser();
    expect(
      (
        await ctx.request(
          "/api/admin/chat/settings",
          jsonRequest("PUT", other.token, { model: "x" }),
        )
      ).status,
    ).toBe(403);
  });

  test("a family member in a switched context logs within their grant, in their own history", async () => {
    await configureModel(ctx, await createAdmin(ctx), model);
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    await grant(ctx, owner, delegate, { can_manage_diary: true, can_view_reports: true });
    model.script({ text: "private" });
    await chat(ctx, owner, { message: "my secret question" });
    const today = new Date().toISOString().slice(0, 10);
    model.script(
      {
        toolCalls: [
          { name: "log_water", arguments: { amount_ml: 250 } },
          { name: "log_checkin", arguments: { weight: 99 } },
        ],
      },
      { text: "Logged 250 ml of water; the weight is not yours to change." },
    );
    const post = await actingFor(ctx, delegate, owner, "/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: "they drank a glass and weigh 99 kg" }),
    });
    expect([post.status, post.status === 200 ? "" : await post.clone().text()]).toEqual([200, ""]);
    const answer = (await post.json()) as any;
    // The grant opens the diary, not check-ins: the check-in tool was never offered.
    const offered = toolNames(model.requests.at(-1)!);
    expect(offered).toContain("log_water");
    expect(offered).toContain("get_checkin");
    expect(offered).not.toContain("log_checkin");
    expect(answer.tool_calls.map((c: any) => [c.name, c.ok])).toEqual([
      ["log_water", true],
      ["log_checkin", false],
    ]);
    const water = await ctx.request(`/api/measurements/water-intake/${today}`, {
      headers: bearer(owner.token),
    });
    expect(((await water.json()) as { water_ml: number }).water_ml).toBe(250);
    expect((await checkIn(owner.token, today))?.weight ?? null).toBeNull();
    // The conversation is the delegate's; the owner's history stays theirs alone.
    const switchedHistory = await actingFor(ctx, delegate, owner, "/api/chat/history");
    expect(switchedHistory.status).toBe(200);
    expect(await switchedHistory.text()).not.toContain("secret");
    expect(await historyOf(delegate.token)).toHaveLength(1);
    expect(await historyOf(owner.token)).toHaveLength(1);
  });

  test("a read-only grant offers only reading tools; an ended grant gets 403", async () => {
    await configureModel(ctx, await createAdmin(ctx), model);
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    const id = await grant(ctx, owner, delegate, { can_view_reports: true });
    model.script({ text: "Here is what I can read." });
    const read = await actingFor(ctx, delegate, owner, "/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: "how is their week?" }),
    });
    expect(read.status).toBe(200);
    const offered = toolNames(model.requests.at(-1)!);
    expect(offered).toContain("get_food_diary");
    expect(offered.filter((name) => /^(log|set|create|start|end|copy)_/.test(name))).toEqual([]);

    await expireGrant(ctx, id);
    const before = model.requests.length;
    const ended = await actingFor(ctx, delegate, owner, "/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: "log water for them" }),
    });
    expect(ended.status).toBe(403);
    expect(model.requests.length).toBe(before);
  });

  test("the demo account gets 403 on every AI route", async () => {
    const demo = await createTestContext({ SERVICE_FITNESS_DEMO_MODE: "true" });
    try {
      const login = await demo.request("/api/auth/demo-login", { method: "POST" });
      const { token } = (await login.json()) as { token: string };
      for (const [method, path] of [
        ["POST", "/api/chat"],
        ["POST", "/api/chat/stream"],
        ["GET", "/api/chat/history"],
        ["GET", "/api/chat/settings"],
      ] as const) {
        const res = await demo.request(
          path,
          jsonRequest(method, token, method === "POST" ? { message: "hi" } : undefined),
        );
        expect(res.status).toBe(403);
      }
    } finally {
      await demo.close();
    }
  });
});

describe("a model that never answers", () => {
  test("ends at SERVICE_FITNESS_CHAT_MODEL_TIMEOUT_MS with a clear 502, storing nothing", async () => {
    const slow = await createTestContext({ SERVICE_FITNESS_CHAT_MODEL_TIMEOUT_MS: "1500" });
    try {
      const admin = await createAdmin(slow);
      await configureModel(slow, admin, model);
      const user = await slow.createUser();
      model.script({ hang: true });
      const res = await chat(slow, user, { message: "are you there?" });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: string }).error).toBe(
        "The AI model failed: The request timed out.",
      );

      model.script({ hang: true });
      const stream = await slow.request(
        "/api/chat/stream",
        jsonRequest("POST", user.token, { message: "still there?" }),
      );
      const events = await streamEvents(stream);
      expect(events.at(-1)!.event).toBe("error");
      expect(events.map((e) => e.event)).not.toContain("done");

      const history = await slow.request("/api/chat/history", { headers: bearer(user.token) });
      expect(((await history.json()) as { conversations: unknown[] }).conversations).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
