import type { ToolCall } from "./chat-stream.ts";

export type Message = { role: "user" | "assistant"; content: string; tool_calls: ToolCall[] };

/** One turn of the conversation; the assistant's tool calls show what it looked up or changed. */
export function ChatMessage({ message }: { message: Message }) {
  return (
    <li class={`message ${message.role}`}>
      <span class="visually-hidden">{message.role === "user" ? "You:" : "Assistant:"}</span>
      {message.tool_calls.map((call) => (
        <details class="tool-call">
          <summary>
            {call.ok === undefined ? "Using" : call.ok ? "Used" : "Tried"}{" "}
            {call.name.replaceAll("_", " ")}
          </summary>
          <pre>
            {JSON.stringify({ input: call.input, output: call.output ?? call.error }, null, 2)}
          </pre>
        </details>
      ))}
      {message.content && <p>{message.content}</p>}
    </li>
  );
}
