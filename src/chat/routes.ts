import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { HttpError } from "../errors.ts";
import { requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  deleteConversations,
  listConversationMessages,
  listConversations,
} from "./history-queries.ts";
import { estimateFoodPhoto, estimatedFoodSchema } from "./food-photo.ts";
import { prepareChat, streamChat, type ChatEvent } from "./run-chat.ts";
import {
  chatAnswerSchema,
  chatMessageSchema,
  chatRequestSchema,
  conversationParams,
  conversationSchema,
} from "./schemas.ts";

// Conversations, history and the request budget are always the caller's own (chat history
// is on the spec's never-shared list), whoever's data is shown; the demo account has no AI
// at all. A chat in a switched context needs a live grant, and its tools act on the
// owner's data only as far as that grant allows (see toolsForActor).
const ownChat = (write: boolean) => [
  requireUser([write ? "data_write" : "data_read"]),
  blockDemoAccount(),
];
const chatAsActor = () => [access("any_grant", true), blockDemoAccount()];
const tags = ["AI assistant"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const error = json(z.object({ error: z.string() }), "Refused");
const failures = {
  400: error,
  403: json(z.object({ error: z.string() }), "Demo account, or no live family grant"),
  429: json(z.object({ error: z.string() }), "Today's request budget is spent"),
  502: json(z.object({ error: z.string() }), "The model failed or timed out; nothing was saved"),
  503: json(z.object({ error: z.string() }), "No model is configured"),
};
const chatBody = { body: { content: { "application/json": { schema: chatRequestSchema } } } };

const chat = createRoute({
  method: "post",
  path: "/api/chat",
  tags,
  summary: "One answer from the assistant, after any tool use",
  middleware: chatAsActor(),
  request: chatBody,
  responses: { 200: json(chatAnswerSchema, "The answer"), ...failures },
});

const chatStream = createRoute({
  method: "post",
  path: "/api/chat/stream",
  tags,
  summary:
    "The answer as server-sent events: text-delta {text}, tool-call {id, name, input}, " +
    "tool-result {id, name, ok, output|error}, then done {conversation_id, message_id, ...} or error {error}",
  middleware: chatAsActor(),
  request: chatBody,
  responses: {
    200: {
      description: "An event stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...failures,
  },
});

const history = createRoute({
  method: "get",
  path: "/api/chat/history",
  tags,
  summary: "The user's conversations, newest first",
  middleware: ownChat(false),
  responses: {
    200: json(z.object({ conversations: z.array(conversationSchema) }), "Conversations"),
  },
});

const conversation = createRoute({
  method: "get",
  path: "/api/chat/history/{conversationId}",
  tags,
  summary: "One conversation's messages, oldest first",
  middleware: ownChat(false),
  request: { params: conversationParams },
  responses: {
    200: json(z.object({ messages: z.array(chatMessageSchema) }), "Messages"),
    404: error,
  },
});

const clear = createRoute({
  method: "delete",
  path: "/api/chat/history",
  tags,
  summary: "Deletes every conversation",
  middleware: ownChat(true),
  responses: { 200: json(z.object({ deleted: z.number().int() }), "Messages deleted") },
});

const remove = createRoute({
  method: "delete",
  path: "/api/chat/history/{conversationId}",
  tags,
  summary: "Deletes one conversation",
  middleware: ownChat(true),
  request: { params: conversationParams },
  responses: { 200: json(z.object({ deleted: z.number().int() }), "Messages deleted"), 404: error },
});

const foodPhoto = createRoute({
  method: "post",
  path: "/api/chat/food-photo",
  tags,
  summary:
    "Estimates the foods on a meal photo, or reads a nutrition label (multipart: image, kind " +
    "meal|label, optional note). Nothing is saved: the user confirms the proposal first.",
  middleware: ownChat(true),
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({
            image: z.any().openapi({ type: "string", format: "binary" }),
            kind: z.enum(["meal", "label"]),
            note: z.string().max(500).optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: json(
      z.object({
        kind: z.enum(["meal", "label"]),
        foods: z.array(estimatedFoodSchema),
        confirm_required: z.literal(true),
      }),
      "Proposed foods",
    ),
    413: error,
    ...failures,
  },
});

/** The assistant: one answer, a stream of events, and the user's history. */
export const chatRoutes = createRouter()
  .openapi(chat, async (c) => {
    const { config, db, logger, auth } = c.var;
    const prepared = await prepareChat({ config, db, logger }, auth, c.req.valid("json"));
    let done: Extract<ChatEvent, { type: "done" }> | undefined;
    for await (const event of streamChat({ config, db, logger }, auth, prepared)) {
      if (event.type === "done") done = event;
    }
    const { type: _type, ...answer } = done!;
    return c.json(answer, 200);
  })
  .openapi(chatStream, async (c) => {
    const { config, db, logger, auth } = c.var;
    // Budget, settings and history errors answer with their status before the stream opens.
    const prepared = await prepareChat({ config, db, logger }, auth, c.req.valid("json"));
    return streamSSE(c, async (sse) => {
      try {
        for await (const { type, ...data } of streamChat({ config, db, logger }, auth, prepared))
          await sse.writeSSE({ event: type, data: JSON.stringify(data) });
      } catch (failure) {
        const message = failure instanceof HttpError ? failure.message : "The assistant failed.";
        if (!(failure instanceof HttpError))
          logger.error("chat stream failed", { error: String(failure) });
        await sse.writeSSE({ event: "error", data: JSON.stringify({ error: message }) });
      }
    }) as never;
  })
  .openapi(foodPhoto, async (c) => {
    const { config, db, logger, auth } = c.var;
    const form = await c.req.formData();
    const image = form.get("image");
    const kind = form.get("kind");
    const note = form.get("note");
    if (!(image instanceof File)) throw new HttpError(400, "image is required (a photo file).");
    if (kind !== "meal" && kind !== "label")
      throw new HttpError(400, "kind must be meal or label.");
    if (note !== null && (typeof note !== "string" || note.length > 500))
      throw new HttpError(400, "note must be text of at most 500 characters.");
    const estimate = await estimateFoodPhoto({ config, db, logger }, auth.actorId, {
      kind,
      image: new Uint8Array(await image.arrayBuffer()),
      note: note ?? undefined,
    });
    return c.json(estimate, 200);
  })
  .openapi(history, async (c) => {
    const { db, auth } = c.var;
    const conversations = await db.withUser(auth.actorId, (tx) =>
      listConversations(tx, auth.actorId),
    );
    return c.json({ conversations: [...conversations] }, 200);
  })
  .openapi(conversation, async (c) => {
    const { db, auth } = c.var;
    const { conversationId } = c.req.valid("param");
    const messages = await db.withUser(auth.actorId, (tx) =>
      listConversationMessages(tx, auth.actorId, conversationId),
    );
    if (messages.length === 0) throw new HttpError(404, "Conversation not found.");
    return c.json({ messages: [...messages] }, 200);
  })
  .openapi(clear, async (c) => {
    const { db, auth } = c.var;
    const deleted = await db.withUser(auth.actorId, (tx) =>
      deleteConversations(tx, auth.actorId, null),
    );
    return c.json({ deleted }, 200);
  })
  .openapi(remove, async (c) => {
    const { db, auth } = c.var;
    const { conversationId } = c.req.valid("param");
    const deleted = await db.withUser(auth.actorId, (tx) =>
      deleteConversations(tx, auth.actorId, conversationId),
    );
    if (deleted === 0) throw new HttpError(404, "Conversation not found.");
    return c.json({ deleted }, 200);
  });
