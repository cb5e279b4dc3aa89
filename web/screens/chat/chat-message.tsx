import { t } from "../../i18n/i18n.ts";
import type { ToolCall } from "./chat-stream.ts";

export type Message = { role: "user" | "assistant"; content: string; tool_calls: ToolCall[] };

// A tool's verb said as people would: "Looked up nutrition summary", not "Used get …". The
// catalogue says each verb in the user's language; the rest of the tool's name is its own.
const VERBS = ["get", "search", "log", "create", "set", "start", "end", "copy"];

function toolLabel(call: ToolCall): string {
  const [first = "", ...rest] = call.name.split("_");
  const known = VERBS.includes(first);
  const verb = known ? first : "use";
  const what = known ? rest.join(" ") : call.name.replaceAll("_", " ");
  if (call.ok === false) return t("chat.toolFailed", { verb, what });
  return t(call.ok === undefined ? "chat.toolRunning" : "chat.toolDone", { verb, what });
}

/** One turn of the conversation; the assistant's tool calls show what it looked up or changed. */
export function ChatMessage({ message }: { message: Message }) {
  return (
    <li class={`message ${message.role}`}>
      <span class="visually-hidden">
        {message.role === "user" ? t("chat.you") : t("chat.assistantSaid")}
      </span>
      {message.tool_calls.map((call) => (
        <details class="tool-call">
          <summary>{toolLabel(call)}</summary>
          <pre>
            {JSON.stringify({ input: call.input, output: call.output ?? call.error }, null, 2)}
          </pre>
        </details>
      ))}
      {message.content && <p>{message.content}</p>}
    </li>
  );
}
