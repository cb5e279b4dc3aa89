import { createRoute, z } from "@hono/zod-openapi";
import { errorContent } from "../auth/schemas.ts";
import { HttpError } from "../errors.ts";
import { requireApiKey } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import { createToolContext } from "./context.ts";
import { createMcpServer } from "./server.ts";

const MCP_PATH = "/mcp";

const mcpRoute = createRoute({
  method: "post",
  path: MCP_PATH,
  tags: ["MCP"],
  summary: "Model Context Protocol endpoint (Streamable HTTP, stateless, JSON responses)",
  description:
    "JSON-RPC messages of the Model Context Protocol. Authenticated by an API key with the `mcp` permission (Authorization: Bearer or X-API-Key), counted against the key's rate limit. Tools act as the key's owner.",
  request: {
    body: {
      content: { "application/json": { schema: z.object({ jsonrpc: z.literal("2.0") }).loose() } },
      required: true,
    },
  },
  responses: {
    200: {
      description: "JSON-RPC response",
      content: { "application/json": { schema: z.object({}).loose() } },
    },
    202: { description: "Notification accepted" },
    401: { description: "Missing or invalid API key", content: errorContent },
    403: {
      description: "Key without the mcp permission, or the demo account",
      content: errorContent,
    },
    429: { description: "The key's rate limit is spent", content: errorContent },
  },
});

export const mcpRoutes = createRouter();
mcpRoutes.openAPIRegistry.registerPath(mcpRoute);

// Registered by hand rather than with .openapi(): the SDK's transport reads and checks the
// JSON-RPC body itself, including batches and notifications.
mcpRoutes.post(MCP_PATH, requireApiKey("mcp"), blockDemoAccount(), async (c) => {
  const { config, db, logger, auth } = c.var;
  const ctx = await createToolContext({ config, db, logger }, auth.userId, auth.userId);
  const server = await createMcpServer(ctx);
  const { WebStandardStreamableHTTPServerTransport } =
    await import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js");
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(c.req.raw);
  } finally {
    await server.close();
  }
});

// Stateless: no server-sent stream to open and no session to end.
for (const method of ["GET", "DELETE"] as const) {
  mcpRoutes.on(method, MCP_PATH, () => {
    throw new HttpError(405, "Method not allowed: this MCP endpoint is stateless; send POST.", {
      Allow: "POST",
    });
  });
}
