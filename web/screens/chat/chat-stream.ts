import { ApiError } from "../../api/client.ts";

export type ToolCall = {
  id: string;
  name: string;
  input?: unknown;
  ok?: boolean;
  output?: unknown;
  error?: string;
};
export type ChatEvent =
  | { event: "text-delta"; data: { text: string } }
  | { event: "tool-call"; data: ToolCall }
  | { event: "tool-result"; data: ToolCall }
  | {
      event: "done";
      data: { conversation_id: string; content: string; pending_confirmation: string[] };
    }
  | { event: "error"; data: { error: string } };

/**
 * Sends a message to POST /api/chat/stream and yields its server-sent events as they
 * arrive (EventSource cannot POST a JSON body, so the stream is read by hand).
 */
export async function* streamChat(body: Record<string, unknown>): AsyncGenerator<ChatEvent> {
  const response = await fetch("/api/chat/stream", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!response.ok || !response.body) {
    const answer = await response.json().catch(() => ({}));
    throw new ApiError(response.status, answer.error ?? response.statusText);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replaceAll("\r\n", "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (data) yield { event, data: JSON.parse(data) } as ChatEvent;
    }
  }
}
