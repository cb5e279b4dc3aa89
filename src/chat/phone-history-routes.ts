import { createRoute, z } from "@hono/zod-openapi";
import { bearerSecurity as security, json } from "../http/openapi-kit.ts";
import { createRouter } from "../http/router.ts";
import { ownChat } from "./access.ts";
import { deleteConversations, listLatestMessages } from "./history-queries.ts";

const tags = ["AI assistant"];
// What the phone app's chat screen seeds itself with: the latest messages of all
// conversations as one thread, each with its text as a single text part.
const HISTORY_LIMIT = 50;
const entrySchema = z.object({
  id: z.string(),
  message_type: z.enum(["user", "assistant"]),
  content: z.string(),
  parts: z.array(z.object({ type: z.literal("text"), text: z.string() })),
  created_at: z.string(),
});

export const phoneChatHistoryRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/api/chat/sparky-chat-history",
      tags,
      security,
      summary: `The latest ${HISTORY_LIMIT} messages of every conversation, oldest first`,
      middleware: ownChat(false),
      responses: { 200: { description: "Messages", ...json(z.array(entrySchema)) } },
    }),
    async (c) => {
      const { db, auth } = c.var;
      const rows = await db.withUser(auth.actorId, (tx) =>
        listLatestMessages(tx, auth.actorId, HISTORY_LIMIT),
      );
      const entries = rows.map((r) => ({
        id: r.id,
        message_type: r.role,
        content: r.content,
        parts: [{ type: "text" as const, text: r.content }],
        created_at: r.created_at.toISOString(),
      }));
      return c.json(entries, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/chat/clear-all-history",
      tags,
      security,
      summary: "Deletes every conversation (the phone app's Clear history)",
      middleware: ownChat(true),
      responses: {
        200: { description: "Messages deleted", ...json(z.object({ deleted: z.number().int() })) },
      },
    }),
    async (c) => {
      const { db, auth } = c.var;
      const deleted = await db.withUser(auth.actorId, (tx) =>
        deleteConversations(tx, auth.actorId, null),
      );
      return c.json({ deleted }, 200);
    },
  );
