import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { configureModel, createAdmin } from "../chat/chat-helpers.ts";
import { startFakeModelServer, type FakeModelServer } from "../fakes/openai-compatible.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { JPEG, TEXT } from "../helpers/image-fixtures.ts";
import type { TestContext } from "../helpers/test-app.ts";
import { createContractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import {
  AI_UNIT_CONVERSION,
  CHAT_HISTORY_ENTRY,
  expectAnswer,
  expectShape,
  LABEL_SCAN_RESULT,
} from "./shapes.ts";

// The phone app's AI calls: Sparky chat history, the label scanner and unit conversion,
// against the local fake of an OpenAI-compatible model.
let ctx: TestContext;
let model: FakeModelServer;
beforeAll(async () => {
  ctx = await createContractContext();
  model = startFakeModelServer();
  await configureModel(ctx, await createAdmin(ctx), model);
}, SETUP_TIMEOUT);
afterAll(async () => {
  model.stop();
  await ctx.close();
});

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

// What the app's unit conversion sends: the food, the unit it has, the unit it wants.
const ONE_CUP_OF_MILK = {
  foodId: "f-1",
  foodName: "Milk",
  fromUnit: "cup",
  fromAmount: 1,
  toUnit: "g",
};

for (const credential of CREDENTIALS) {
  describe(`phone app: AI (${credential})`, () => {
    test("chat history: the latest messages as ChatHistoryEntry[]; clear-all empties it", async () => {
      const as = await appUser(ctx, credential);
      model.script({ text: "Hello from Sparky." }, { text: "Still here." });
      for (const message of ["Hi", "Again"]) {
        const res = await appCall(ctx, as, "POST", "/api/chat", { message });
        expect(res.status).toBe(200);
      }
      const history = await appCall(ctx, as, "GET", "/api/chat/sparky-chat-history");
      expect(history.status).toBe(200);
      expect(history.body.map((e: { content: string }) => e.content)).toEqual([
        "Hi",
        "Hello from Sparky.",
        "Again",
        "Still here.",
      ]);
      for (const entry of history.body) expectShape(entry, CHAT_HISTORY_ENTRY, "history entry");
      expect(history.body[1]).toMatchObject({
        message_type: "assistant",
        parts: [{ type: "text", text: "Hello from Sparky." }],
      });
      const cleared = await appCall(ctx, as, "POST", "/api/chat/clear-all-history", {});
      expect(cleared.status).toBe(200);
      expect((await appCall(ctx, as, "GET", "/api/chat/sparky-chat-history")).body).toEqual([]);
    });

    test("scan-label: the photo goes to the model, the label comes back as LabelScanResult", async () => {
      const as = await appUser(ctx, credential);
      model.script({
        text:
          '```json\n{"name":"Oat bar","brand":"Acme","serving_size":40,"serving_unit":"g",' +
          '"calories":180,"protein":4,"carbs":27,"fat":6,"fiber":3,"sugars":9,"sodium":85,' +
          '"saturated_fat":null,"trans_fat":0}\n```',
      });
      const res = await appCall(ctx, as, "POST", "/api/foods/scan-label", {
        image: base64(JPEG),
        mime_type: "image/jpeg",
      });
      expectAnswer(res, 200, LABEL_SCAN_RESULT, "label", {
        name: "Oat bar",
        calories: 180,
        sodium: 85,
        iron: null,
      });
      const content = model.requests.at(-1)!.messages.at(-1)!.content as any[];
      expect(content.some((part) => part.type === "image_url")).toBe(true);
    });

    test("scan-label: not an image, no image, an unreadable answer are clear errors", async () => {
      const as = await appUser(ctx, credential);
      const sent = model.requests.length;
      for (const body of [{ image: base64(TEXT) }, {}, { image: "" }]) {
        const res = await appCall(ctx, as, "POST", "/api/foods/scan-label", body);
        expect(res.status).toBe(400);
        expect(typeof res.body.error).toBe("string");
      }
      expect(model.requests.length).toBe(sent);
      model.script({ text: "I cannot read that." });
      const res = await appCall(ctx, as, "POST", "/api/foods/scan-label", { image: base64(JPEG) });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/could not read this label/);
    });

    test("convert-unit: the model's estimate in the app's response shape", async () => {
      const as = await appUser(ctx, credential);
      model.script({ text: '{"estimated_amount": 240, "confidence": "medium"}' });
      const res = await appCall(ctx, as, "POST", "/api/ai/convert-unit", {
        ...ONE_CUP_OF_MILK,
        knownVariants: [{ amount: 100, unit: "ml" }],
      });
      expect(res.status).toBe(200);
      expectShape(res.body, AI_UNIT_CONVERSION, "conversion");
      expect(res.body).toEqual({
        estimatedAmount: 240,
        confidence: "medium",
        fromUnit: "cup",
        fromAmount: 1,
        toUnit: "g",
      });
      const prompt = model.requests.at(-1)!.messages.at(-1)!.content;
      expect(JSON.stringify(prompt)).toContain("Milk");
      const bad = await appCall(ctx, as, "POST", "/api/ai/convert-unit", {
        ...ONE_CUP_OF_MILK,
        fromAmount: -1,
      });
      expect(bad.status).toBe(400);
    });

    test("convert-unit: on for a new account; turned off, a 403 without asking the model", async () => {
      const as = await appUser(ctx, credential);
      const prefs = await appCall(ctx, as, "GET", "/api/user-preferences");
      expect(prefs.body.ai_assisted_conversions).toBe(true);
      const off = await appCall(ctx, as, "PUT", "/api/user-preferences", {
        ai_assisted_conversions: false,
      });
      expect(off.body.ai_assisted_conversions).toBe(false);
      const sent = model.requests.length;
      const res = await appCall(ctx, as, "POST", "/api/ai/convert-unit", ONE_CUP_OF_MILK);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "AI-assisted conversions are disabled for this user." });
      expect(model.requests.length).toBe(sent);
    });
  });
}
