import { dynamicTool, jsonSchema, type JSONSchema7, type ToolSet } from "ai";
import { z } from "zod";
import { runTool } from "../mcp/run-tool.ts";
import type { ToolContext } from "../mcp/tool.ts";
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
 * The chat's tools: the MCP registry, acting in `ctx` (the signed-in user's own data). A
 * tool marked destructive runs only when the user confirmed it for this message.
 */
export function buildChatTools(ctx: ToolContext, confirmed: ReadonlySet<string>): ToolSet {
  return Object.fromEntries(
    TOOLS.map((tool) => [
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
