import type { LanguageModel, ModelMessage, ToolSet } from "ai";
import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { AuthInfo } from "../http/context.ts";
import { FetchRefusedError } from "../lib/ssrf-fetch.ts";
import type { Logger } from "../logger.ts";
import { createToolContext } from "../mcp/context.ts";
import type { ToolContext } from "../mcp/tool.ts";
import { listRecentMessages, saveTurn, spendChatRequest } from "./history-queries.ts";
import { createLanguageModel } from "./model.ts";
import { resolveChatModel } from "./settings.ts";
import { buildChatTools, toolsForActor, type ChatToolCall } from "./tools.ts";

export type ChatRequest = {
  message: string;
  conversation_id?: string;
  confirmed_tools?: string[];
};

export type ChatEvent =
  | { type: "text-delta"; text: string }
  | { type: "tool-call"; id: string; name: string; input: unknown }
  | ({ type: "tool-result" } & ChatToolCall)
  | {
      type: "done";
      conversation_id: string;
      message_id: string;
      content: string;
      tool_calls: ChatToolCall[];
      pending_confirmation: string[];
    };

type Deps = { config: Config; db: Database; logger: Logger };

/** A chat ready to stream: everything that can fail with a plain HTTP error is done. */
export type PreparedChat = {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  conversationId: string;
  question: string;
};

// Each tool call and its answer is a step; a few are enough for "log this, then tell me".
const MAX_STEPS = 8;

/**
 * Resolves the model, spends one request of the user's daily budget (429 past it), and
 * loads the conversation's recent messages. Budget, model and history are the actor's
 * own; the tools work on `auth.userId`'s data, in a switched context only those the
 * delegate's grant allows.
 */
export async function prepareChat(
  deps: Deps,
  auth: AuthInfo,
  request: ChatRequest,
): Promise<PreparedChat> {
  const { db, config } = deps;
  const settings = await resolveChatModel(db, config.apiEncryptionKey, auth.actorId);
  const ctx = await createToolContext(deps, auth.userId, auth.actorId);
  const conversationId = request.conversation_id ?? crypto.randomUUID();
  const history = await db.withUser(auth.actorId, async (tx) => {
    const spent = await spendChatRequest(tx, auth.actorId, ctx.today);
    if (spent > settings.dailyRequestLimit)
      throw new HttpError(429, "You have used today's AI assistant requests. Try again tomorrow.");
    return listRecentMessages(tx, auth.actorId, conversationId, settings.maxContextMessages);
  });
  if (request.conversation_id && history.length === 0)
    throw new HttpError(404, "Conversation not found.");
  const confirmed = new Set(request.confirmed_tools ?? []);
  return {
    model: await createLanguageModel(settings, config),
    system: systemPrompt(ctx),
    messages: [
      ...history.map((m) => ({ role: m.role, content: m.content }) as ModelMessage),
      { role: "user", content: request.message },
    ],
    tools: await buildChatTools(await toolsForActor(ctx), ctx, confirmed),
    conversationId,
    question: request.message,
  };
}

function systemPrompt(ctx: ToolContext): string {
  return [
    "You are the assistant of a self-hosted fitness and nutrition tracker.",
    `Today is ${ctx.today} in the user's time zone (${ctx.timezone}); dates are days in that zone.`,
    ctx.userId === ctx.actorId
      ? "You act on the user's own data."
      : "You act on the data of a family member who shared it with the user; use only the tools offered, and say so when the user asks for something they do not allow.",
    "Use the tools to read and log data; never invent figures you did not read.",
    "Before any change that replaces or removes data, ask the user to confirm.",
    "Answer briefly.",
  ].join(" ");
}

/**
 * Streams the model's answer and tool use. The turn is saved only when the model finished:
 * an error or a timeout stores no half answer (tools that already ran have committed their
 * own complete changes, and the events said so).
 */
export async function* streamChat(
  deps: Deps,
  auth: AuthInfo,
  chat: PreparedChat,
): AsyncGenerator<ChatEvent> {
  const { streamText, stepCountIs } = await import("ai");
  const result = streamText({
    model: chat.model,
    system: chat.system,
    messages: chat.messages,
    tools: chat.tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxRetries: 0,
    // Failures arrive as the stream's error part and are answered there, not printed.
    onError: () => {},
  });
  let answer = "";
  const calls = new Map<string, ChatToolCall>();
  for await (const part of modelParts(deps.logger, result.fullStream)) {
    if (part.type === "text-delta") {
      answer += part.text;
      yield { type: "text-delta", text: part.text };
    } else if (part.type === "tool-call") {
      calls.set(part.toolCallId, {
        id: part.toolCallId,
        name: part.toolName,
        input: part.input,
        ok: false,
      });
      yield { type: "tool-call", id: part.toolCallId, name: part.toolName, input: part.input };
    } else if (part.type === "tool-result" || part.type === "tool-error") {
      const call = finishCall(calls, part);
      yield { type: "tool-result", ...call };
    } else if (part.type === "error") {
      throw modelFailure(deps.logger, part.error);
    }
  }
  const toolCalls = [...calls.values()];
  const messageId = await deps.db.withUser(auth.actorId, (tx) =>
    saveTurn(tx, auth.actorId, {
      conversationId: chat.conversationId,
      question: chat.question,
      answer,
      toolCalls,
    }),
  );
  yield {
    type: "done",
    conversation_id: chat.conversationId,
    message_id: messageId,
    content: answer,
    tool_calls: toolCalls,
    pending_confirmation: toolCalls.filter((c) => c.output?.needs_confirmation).map((c) => c.name),
  };
}

type ToolPart =
  | { type: "tool-result"; toolCallId: string; toolName: string; input: unknown; output: unknown }
  | { type: "tool-error"; toolCallId: string; toolName: string; input: unknown; error: unknown };

function finishCall(calls: Map<string, ChatToolCall>, part: ToolPart): ChatToolCall {
  const call: ChatToolCall = calls.get(part.toolCallId) ?? {
    id: part.toolCallId,
    name: part.toolName,
    input: part.input,
    ok: false,
  };
  if (part.type === "tool-error") {
    call.error = part.error instanceof Error ? part.error.message : String(part.error);
  } else {
    const output = (part.output ?? {}) as Record<string, unknown>;
    call.ok = typeof output.error !== "string" && !output.needs_confirmation;
    if (typeof output.error === "string") call.error = output.error;
    else call.output = output;
  }
  calls.set(call.id, call);
  return call;
}

/** The model's stream, where a failure the SDK throws (a cut-off body) becomes a 502 too. */
async function* modelParts<Part>(logger: Logger, parts: AsyncIterable<Part>): AsyncGenerator<Part> {
  try {
    yield* parts;
  } catch (error) {
    throw modelFailure(logger, error);
  }
}

/** A 502 naming what went wrong with the model, without its internals. */
function modelFailure(logger: Logger, error: unknown): HttpError {
  // The SDK wraps a refused or timed-out request; its own words say what happened.
  let refused: unknown = error;
  while (refused instanceof Error && !(refused instanceof FetchRefusedError))
    refused = refused.cause;
  const named = refused instanceof FetchRefusedError ? refused : error;
  const message = named instanceof Error ? named.message : String(named);
  logger.warn("chat model failed", { error: message });
  return new HttpError(502, `The AI model failed: ${message.slice(0, 300)}`);
}
