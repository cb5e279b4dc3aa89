/** The demo's assistant: two conversations with a local stand-in for the model. */
import type { FakeModelServer } from "../fakes/openai-compatible.ts";
import { postJson } from "./seed.ts";

/**
 * Asks the assistant about last week, then about today's protein (the model reads the day's
 * nutrition with a tool first); returns the latest conversation's id.
 */
export async function seedConversations(
  url: string,
  token: string,
  today: string,
  model: FakeModelServer,
): Promise<string> {
  const ask = async (message: string) =>
    (await postJson<{ conversation_id: string }>(url, token, "/api/chat", { message }))
      .conversation_id;
  model.script({
    text:
      "A steady week: three runs (about 20 minutes each), food logged every day at around " +
      "1,450 kcal against your 1,800 kcal goal, and your weight trend down about 0.3 kg.",
  });
  await ask("How did my last week go?");
  model.script(
    { toolCalls: [{ name: "get_nutrition_summary", arguments: { date: today } }] },
    {
      text:
        "So far today you've had 82 g of your 130 g protein goal: 48 g to go, with 480 kcal " +
        "left. A Greek yogurt with granola (18 g, 310 kcal) and a tin of tuna (about 25 g, " +
        "110 kcal) would get you close.",
    },
  );
  return ask("What should I eat tonight to reach my protein goal?");
}
