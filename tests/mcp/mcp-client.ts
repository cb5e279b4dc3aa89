import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export type ToolResult = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
};

/**
 * The official MCP client connected to `url`/mcp with an API key, as an assistant would.
 * With `fetch` (a test app's `request`), it talks to the app in this process instead.
 */
export async function connectMcp(
  url: string,
  apiKey: string,
  fetch?: (path: string, init?: RequestInit) => Promise<Response>,
) {
  const client = new Client({ name: "fitness-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
    fetch: fetch && ((input, init) => fetch(new URL(String(input)).pathname, init)),
  });
  await client.connect(transport);
  return {
    client,
    call: async (name: string, args: Record<string, unknown> = {}) =>
      (await client.callTool({ name, arguments: args })) as ToolResult,
    close: () => client.close(),
  };
}

/** A raw JSON-RPC POST to /mcp, for status-code checks the client hides. */
export function rawMcpPost(url: string, headers: Record<string, string>, body?: unknown) {
  return fetch(`${url}/mcp`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(
      body ?? {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        },
      },
    ),
  });
}
