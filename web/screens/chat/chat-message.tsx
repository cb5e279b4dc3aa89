import type { ToolCall } from "./chat-stream.ts";

export type Message = { role: "user" | "assistant"; content: string; tool_calls: ToolCall[] };

// A tool's verb said as people would: "Looked up nutrition summary", not "Used get …".
const VERBS: Record<string, [running: string, done: string]> = {
  get: ["Looking up", "Looked up"],
  search: ["Searching", "Searched"],
  log: ["Logging", "Logged"],
  create: ["Creating", "Created"],
  set: ["Setting", "Set"],
  start: ["Starting", "Started"],
  end: ["Ending", "Ended"],
  copy: ["Copying", "Copied"],
};

function toolLabel(call: ToolCall): string {
  const [verb = "", ...rest] = call.name.split("_");
  const said = VERBS[verb];
  const what = said ? rest.join(" ") : call.name.replaceAll("_", " ");
  if (call.ok === false) return `Could not ${said ? `${verb} ${what}` : `use ${what}`}`;
  if (!said) return `${call.ok === undefined ? "Using" : "Used"} ${what}`;
  return `${call.ok === undefined ? said[0] : said[1]} ${what}`;
}

/** One turn of the conversation; the assistant's tool calls show what it looked up or changed. */
export function ChatMessage({ message }: { message: Message }) {
  return (
    <li class={`message ${message.role}`}>
      <span class="visually-hidden">{message.role === "user" ? "You:" : "Assistant:"}</span>
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
