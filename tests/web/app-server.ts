import { createTestContext, type TestContext } from "../helpers/test-app.ts";

export type AppServer = { url: string; ctx: TestContext; stop(): Promise<void> };

/**
 * The app from source on a real loopback socket, for browser tests that also need the
 * database directly (an administrator role, a fake upstream the admin points at).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const ctx = await createTestContext(env);
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, s) => ctx.app.fetch(req, s),
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    ctx,
    async stop() {
      server.stop(true);
      await ctx.close();
    },
  };
}
