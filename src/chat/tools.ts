import type { JSONSchema7, ToolSet } from "ai";
import { z } from "zod";
import { runTool } from "../mcp/run-tool.ts";
import type { Tool, ToolContext } from "../mcp/tool.ts";
import { TOOLS } from "../mcp/tools/index.ts";

/** One tool call of a chat turn, as history keeps it and answers show it. */
export type ChatToolCall = {
  id: string;
  name: string;
  input: unknown;
  ok: boolean;
  output?: Record<string, unknown>;
  error?: string;
};

export const CONFIRMATION_NEEDED =
  "This change replaces or removes data. Ask the user to confirm it; do not repeat the call until they do.";

/**
 * The registry's tools the actor may use on `ctx.userId`'s data: all of them on their own
 * data; in a switched context those whose permission the live grant allows, asked of the
 * same `app_grant_allows` as an HTTP request (RLS checks every query again).
 */
export async function toolsForActor(ctx: ToolContext): Promise<readonly Tool[]> {
  if (ctx.userId === ctx.actorId) return TOOLS;
  const permissions = [...new Set(TOOLS.map((tool) => tool.permission))];
  const rows = await ctx.db.withUser(
    ctx.userId,
    (tx) => tx<{ permission: string; read: boolean; write: boolean }[]>`
      select p as permission, app_grant_allows(p, false) as read, app_grant_allows(p, true) as write
        from unnest(${permissions}::text[]) as p`,
    ctx.actorId,
  );
  const grantAllows = new Map(rows.map((row) => [row.permission, row]));
  return TOOLS.filter((tool) => grantAllows.get(tool.permission)?.[tool.write ? "write" : "read"]);
}

/**
 * The chat's tools, acting in `ctx`. A tool marked destructive runs only when the user
 * confirmed it for this message.
 */
export async function buildChatTools(
  tools: readonly Tool[],
  ctx: ToolContext,
  confirmed: ReadonlySet<string>,
): Promise<ToolSet> {
  const { dynamicTool, jsonSchema } = await import("ai");
  return Object.fromEntries(
    tools.map((tool) => [
      tool.name,
      dynamicTool({
        description: tool.description,
        inputSchema: jsonSchema(z.toJSONSchema(tool.input, { io: "input" }) as JSONSchema7),
        execute: async (input) => {
          if (tool.destructive && !confirmed.has(tool.name))
            return { needs_confirmation: true, message: CONFIRMATION_NEEDED };
          const outcome = await runTool(tool, ctx, input);
          return outcome.ok ? outcome.result : { error: outcome.error };
        },
      }),
    ]),
  );
}
