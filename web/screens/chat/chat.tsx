import { useState } from "preact/hooks";
import { del, errorMessage, get } from "../../api/client.ts";
import { Card, ErrorText, Page } from "../../components/ui.tsx";
import { navigate } from "../../lib/router.ts";
import { useLoad } from "../../lib/use-load.ts";
import { ChatMessage, type Message } from "./chat-message.tsx";
import { streamChat } from "./chat-stream.ts";
import { FoodPhoto } from "./food-photo.tsx";
import { t } from "../../i18n/i18n.ts";

type Conversation = { id: string; title: string | null; updated_at: string };

/** The assistant: answers stream in as they are written, tool calls show as they happen. */
export function Chat({ id }: { id?: string }) {
  const history = useLoad(() => get<{ conversations: Conversation[] }>("/api/chat/history"), []);
  const earlier = useLoad(
    () =>
      id
        ? get<{ messages: Message[] }>(`/api/chat/history/${id}`).then((r) => r.messages)
        : Promise.resolve([]),
    [id],
  );
  const [fresh, setFresh] = useState<Message[]>([]);
  const [pending, setPending] = useState<{ text: string; tools: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messages = [...(earlier.data ?? []), ...fresh];

  const send = async (text: string, confirmed: string[] = []) => {
    setBusy(true);
    setError(null);
    setPending(null);
    const answer: Message = { role: "assistant", content: "", tool_calls: [] };
    const shown = [
      ...fresh,
      ...(confirmed.length ? [] : [{ role: "user", content: text, tool_calls: [] } as Message]),
      answer,
    ];
    setFresh(shown);
    const update = () =>
      setFresh([...shown.slice(0, -1), { ...answer, tool_calls: [...answer.tool_calls] }]);
    try {
      for await (const { event, data } of streamChat({
        message: text,
        conversation_id: id,
        confirmed_tools: confirmed,
      })) {
        if (event === "text-delta") answer.content += data.text;
        else if (event === "tool-call") answer.tool_calls.push(data);
        else if (event === "tool-result")
          answer.tool_calls = answer.tool_calls.map((c) =>
            c.id === data.id ? { ...c, ...data } : c,
          );
        else if (event === "error") setError(data.error);
        else if (event === "done") {
          if (data.pending_confirmation.length)
            setPending({ text, tools: data.pending_confirmation });
          if (data.conversation_id !== id) {
            history.reload();
            navigate(`/assistant/${data.conversation_id}`);
          }
        }
        update();
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const text = String(new FormData(form).get("message")).trim();
    if (text) send(text).then(() => form.reset());
  };
  const remove = (conversation: string) =>
    del(`/api/chat/history/${conversation}`).then(() => (history.reload(), navigate("/assistant")));

  return (
    <Page title={t("chat.title")}>
      <div class="chat-layout">
        <Card title={t("chat.conversations")} class="chat-history">
          <a class="button" href="#/assistant">
            {t("chat.new")}
          </a>
          {history.data?.conversations.length === 0 && <p class="hint">{t("chat.none")}</p>}
          <ul class="list">
            {history.data?.conversations.map((c) => (
              <li class="key-row">
                <a href={`#/assistant/${c.id}`} aria-current={c.id === id ? "page" : undefined}>
                  {c.title ?? t("chat.untitled")}
                </a>
                <button
                  type="button"
                  class="link-button"
                  aria-label={
                    c.title ? t("chat.deleteNamed", { title: c.title }) : t("chat.deleteUntitled")
                  }
                  onClick={() => remove(c.id)}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t("chat.conversation")} class="chat-main">
          <ol class="messages" aria-live="polite" aria-busy={busy}>
            {messages.map((m) => (
              <ChatMessage message={m} />
            ))}
          </ol>
          {messages.length === 0 && (
            <p class="hint chat-empty">{t("chat.empty", { weight: 78.2 })}</p>
          )}
          {pending && (
            <div class="confirm">
              <p>
                {t("chat.asksTo", {
                  tools: pending.tools.map((tool) => tool.replaceAll("_", " ")).join(", "),
                })}
              </p>
              <button
                type="button"
                class="primary"
                onClick={() => send(pending.text, pending.tools)}
              >
                {t("chat.confirm")}
              </button>
            </div>
          )}
          <ErrorText error={error ?? history.error} />
          <form class="chat-input" onSubmit={submit}>
            <label for="chat-message" class="visually-hidden">
              {t("chat.message")}
            </label>
            <textarea
              id="chat-message"
              name="message"
              rows={2}
              required
              placeholder={t("chat.placeholder")}
              onKeyDown={(e) =>
                e.key === "Enter" &&
                !e.shiftKey &&
                (e.preventDefault(), (e.currentTarget as HTMLTextAreaElement).form!.requestSubmit())
              }
            />
            <button type="submit" class="primary" disabled={busy}>
              {t("chat.send")}
            </button>
          </form>
        </Card>
        <FoodPhoto />
      </div>
    </Page>
  );
}
