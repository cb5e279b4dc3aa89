import type { Tx } from "../db.ts";
import type { ChatToolCall } from "./tools.ts";

export type ChatMessageRow = {
  id: string;
  conversation_id: string;
  role: "user" | "assistant";
  content: string;
  tool_calls: ChatToolCall[];
  created_at: Date;
};

/** The newest `limit` messages of the conversation, oldest first (the model's context). */
export async function listRecentMessages(
  tx: Tx,
  userId: string,
  conversationId: string,
  limit: number,
): Promise<ChatMessageRow[]> {
  const rows = await tx<ChatMessageRow[]>`
    select id, conversation_id, role, content, tool_calls, created_at
      from chat_messages where user_id = ${userId} and conversation_id = ${conversationId}
     order by created_at desc limit ${limit}`;
  return rows.reverse();
}

/** The user's message and the assistant's answer, saved together. */
export async function saveTurn(
  tx: Tx,
  userId: string,
  turn: { conversationId: string; question: string; answer: string; toolCalls: ChatToolCall[] },
): Promise<string> {
  await tx`
    insert into chat_messages (user_id, conversation_id, role, content)
    values (${userId}, ${turn.conversationId}, 'user', ${turn.question})`;
  const [saved] = await tx<{ id: string }[]>`
    insert into chat_messages (user_id, conversation_id, role, content, tool_calls)
    values (${userId}, ${turn.conversationId}, 'assistant', ${turn.answer},
            ${tx.json(turn.toolCalls as never)})
    returning id`;
  return saved!.id;
}

/** The newest `limit` messages of every conversation, oldest first (the phone's chat screen). */
export async function listLatestMessages(tx: Tx, userId: string, limit: number) {
  const rows = await tx<Pick<ChatMessageRow, "id" | "role" | "content" | "created_at">[]>`
    select id, role, content, created_at from chat_messages where user_id = ${userId}
     order by created_at desc, role desc limit ${limit}`;
  return rows.reverse();
}

/** The user's conversations, newest first, each titled by its first question. */
export function listConversations(tx: Tx, userId: string) {
  return tx<{ id: string; title: string; messages: number; updated_at: Date }[]>`
    select conversation_id as id,
           left((array_agg(content order by created_at) filter (where role = 'user'))[1], 80) as title,
           count(*)::int as messages, max(created_at) as updated_at
      from chat_messages where user_id = ${userId}
     group by conversation_id order by max(created_at) desc`;
}

export function listConversationMessages(tx: Tx, userId: string, conversationId: string) {
  return tx<ChatMessageRow[]>`
    select id, conversation_id, role, content, tool_calls, created_at
      from chat_messages where user_id = ${userId} and conversation_id = ${conversationId}
     order by created_at`;
}

/** Deletes one conversation, or every one when `conversationId` is null; the count removed. */
export async function deleteConversations(
  tx: Tx,
  userId: string,
  conversationId: string | null,
): Promise<number> {
  const result = await tx`
    delete from chat_messages
     where user_id = ${userId}
       and (${conversationId}::uuid is null or conversation_id = ${conversationId}::uuid)`;
  return result.count;
}

/** Counts one request against today's budget; the new count. */
export async function spendChatRequest(tx: Tx, userId: string, day: string): Promise<number> {
  const [row] = await tx<{ requests: number }[]>`
    insert into chat_usage (user_id, day, requests) values (${userId}, ${day}, 1)
    on conflict (user_id, day) do update set requests = chat_usage.requests + 1
    returning requests`;
  return row!.requests;
}
