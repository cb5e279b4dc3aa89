import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { VERSION } from "../version.ts";
import { runTool } from "./run-tool.ts";
import type { ToolContext } from "./tool.ts";
import { TOOLS } from "./tools/index.ts";

/** An MCP server whose tools act in `ctx`: one per request, as the transport is stateless. */
export async function createMcpServer(ctx: ToolContext): Promise<McpServer> {
  // Loaded on first use, like every library of a rarely used feature (README, "Memory").
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
  const server = new McpServer({ name: "fitness", version: VERSION });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input },
      async (args: unknown) => {
        const outcome = await runTool(tool, ctx, args);
        if (!outcome.ok) return { isError: true, content: [{ type: "text", text: outcome.error }] };
        // The text form is the same JSON, for clients that read only `content`.
        const text = JSON.stringify(outcome.result);
        return {
          content: [{ type: "text", text }],
          structuredContent: JSON.parse(text) as Record<string, unknown>,
        };
      },
    );
  }
  return server;
}
