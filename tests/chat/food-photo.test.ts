import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeModelServer, type FakeModelServer } from "../fakes/openai-compatible.ts";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { JPEG, TEXT } from "../helpers/image-fixtures.ts";
import { configureModel, createAdmin } from "./chat-helpers.ts";

let ctx: TestContext;
let model: FakeModelServer;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  model = startFakeModelServer();
  await configureModel(ctx, await createAdmin(ctx), model);
  user = await ctx.createUser();
}, 60_000);
afterAll(async () => {
  model.stop();
  await ctx.close();
});

function send(image: Uint8Array, kind: string, note?: string) {
  const form = new FormData();
  form.set("image", new File([image as Uint8Array<ArrayBuffer>], "photo.jpg"));
  form.set("kind", kind);
  if (note) form.set("note", note);
  return ctx.request("/api/chat/food-photo", {
    method: "POST",
    headers: bearer(user.token),
    body: form,
  });
}

async function foodCount() {
  const [row] = await ctx.db.owner<{ n: number }[]>`
    select count(*)::int as n from foods where user_id = ${user.id}`;
  return row!.n;
}

describe("food photos and labels", () => {
  test("a meal photo comes back as proposed foods; nothing is saved", async () => {
    const before = await foodCount();
    model.script({
      text:
        'Here you go: {"foods":[{"name":"Fried egg","serving_size":2,"serving_unit":"egg",' +
        '"calories":180,"protein":12,"carbs":1,"fat":14,"confidence":"medium"},' +
        '{"name":"Toast","serving_size":1,"serving_unit":"slice","calories":80,"protein":3,"carbs":15,"fat":1}]}',
    });
    const res = await send(JPEG, "meal", "breakfast");
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.confirm_required).toBe(true);
    expect(body.foods.map((f: any) => f.name)).toEqual(["Fried egg", "Toast"]);
    expect(await foodCount()).toBe(before);
    // The model received the photo itself.
    const content = model.requests.at(-1)!.messages.at(-1)!.content as any[];
    expect(
      content.some(
        (part) =>
          part.type === "image_url" && part.image_url.url.startsWith("data:image/jpeg;base64,"),
      ),
    ).toBe(true);
  });

  test("a label the model cannot read, a non-image and a bad kind are clear errors", async () => {
    model.script({ text: "I cannot read this label, sorry." });
    const unreadable = await send(JPEG, "label");
    expect(unreadable.status).toBe(502);
    expect(((await unreadable.json()) as any).error).toMatch(/could not be read as foods/);
    const before = model.requests.length;
    expect((await send(TEXT, "meal")).status).toBe(400);
    expect((await send(JPEG, "dessert")).status).toBe(400);
    expect(model.requests.length).toBe(before);
  });
});
