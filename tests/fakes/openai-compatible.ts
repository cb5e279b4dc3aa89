/**
 * A local stand-in for an OpenAI-compatible chat-completions server (Ollama, llama.cpp,
 * vLLM, OpenRouter, OpenAI): answers POST /v1/chat/completions from a script of turns,
 * streaming as the real API does (chat.completion.chunk events, then [DONE]) when asked to,
 * else as one chat.completion object.
 */

export type FakeTurn =
  | { text: string }
  | { toolCalls: { name: string; arguments: Record<string, unknown> | string }[] }
  | { status: number; message: string }
  | { hang: true };

export type FakeModelServer = {
  baseUrl: string;
  /** Queues the next answers, one per request. */
  script(...turns: FakeTurn[]): void;
  /** Every request body received, oldest first. */
  requests: { messages: { role: string; content: unknown }[]; tools?: unknown[]; model: string }[];
  stop(): void;
};

export function startFakeModelServer(): FakeModelServer {
  const queue: FakeTurn[] = [];
  const requests: FakeModelServer["requests"] = [];
  let counter = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/chat/completions")
        return Response.json({ error: { message: "Not found" } }, { status: 404 });
      const body = (await request.json()) as FakeModelServer["requests"][number] & {
        stream?: boolean;
      };
      requests.push(body);
      const turn = queue.shift() ?? { text: "(no scripted answer)" };
      if ("status" in turn)
        return Response.json(
          { error: { message: turn.message, type: "server_error" } },
          { status: turn.status },
        );
      const id = `chatcmpl-${++counter}`;
      if (!body.stream) return Response.json(completion(id, body.model, turn));
      return new Response(streamTurn(id, body.model, turn), {
        headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" },
      });
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}/v1`,
    script: (...turns) => queue.push(...turns),
    requests,
    stop: () => server.stop(true),
  };
}

/** A whole (non-streamed) chat.completion answer. */
function completion(id: string, model: string, turn: FakeTurn) {
  const toolCalls =
    "toolCalls" in turn
      ? turn.toolCalls.map((call, index) => ({
          id: `call_${id}_${index}`,
          type: "function",
          function: {
            name: call.name,
            arguments:
              typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
          },
        }))
      : undefined;
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: "text" in turn ? turn.text : null,
          tool_calls: toolCalls,
        },
        finish_reason: toolCalls ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function streamTurn(id: string, model: string, turn: FakeTurn): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    encoder.encode(
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`,
    );
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(chunk({ role: "assistant", content: "" }));
      if ("hang" in turn) return; // never finishes: the client's timeout must end it
      if ("text" in turn) {
        for (const word of turn.text.split(/(?<= )/)) {
          controller.enqueue(chunk({ content: word }));
          await Bun.sleep(5);
        }
        controller.enqueue(chunk({}, "stop"));
      } else if ("toolCalls" in turn) {
        turn.toolCalls.forEach((call, index) => {
          const args =
            typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
          const callId = `call_${id}_${index}`;
          controller.enqueue(
            chunk({
              tool_calls: [
                {
                  index,
                  id: callId,
                  type: "function",
                  function: { name: call.name, arguments: "" },
                },
              ],
            }),
          );
          controller.enqueue(chunk({ tool_calls: [{ index, function: { arguments: args } }] }));
        });
        controller.enqueue(chunk({}, "tool_calls"));
      }
      controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      controller.close();
    },
  });
}
