import { startFakeOidcProvider, type FakeOidcProvider } from "../fakes/oidc-provider.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { freePort } from "../helpers/free-port.ts";

export type LocalhostServer = {
  /** http://localhost:<port>: WebAuthn refuses IP addresses as relying-party ids. */
  url: string;
  ctx: TestContext;
  /** A real OpenID provider whose one client sends people back to this server. */
  provider: FakeOidcProvider;
  stop(): Promise<void>;
};

/**
 * The app from source on a loopback port chosen up front, so its public URL (passkeys'
 * relying party, single sign-on's redirect URI) can name it before it starts.
 */
export async function startLocalhostServer(): Promise<LocalhostServer> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    let server: ReturnType<typeof Bun.serve>;
    try {
      server = Bun.serve({ port, hostname: "127.0.0.1", fetch: () => new Response(null) });
    } catch (error) {
      if (attempt < 5) continue;
      throw error;
    }
    const provider = await startFakeOidcProvider(`${url}/api/auth/oidc-callback`);
    const ctx = await createTestContext({
      SERVICE_FITNESS_PUBLIC_URL: url,
      // The fake provider is on loopback, which the SSRF guard refuses to anything else.
      SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    });
    server.reload({ fetch: (req, s) => ctx.app.fetch(req, s) });
    return {
      url,
      ctx,
      provider,
      async stop() {
        server.stop(true);
        await provider.close();
        await ctx.close();
      },
    };
  }
}
