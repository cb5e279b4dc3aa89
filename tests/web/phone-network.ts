import type { BrowserContext } from "playwright-core";
import { createTestContext } from "../helpers/test-app.ts";
import { launchBrowser } from "./browser.ts";
import { signUpOverApi } from "./seed.ts";

/** A phone-sized browser signed in to the app, whose network the test cuts and restores. */
export type PhoneOnANetwork = {
  url: string;
  context: BrowserContext;
  account: Awaited<ReturnType<typeof signUpOverApi>>;
  /** Serves the app on the same port again (the server reachable once more). */
  serve(): void;
  /** No signal: the browser is offline and the server unreachable. */
  cutNetwork(): Promise<void>;
  restoreNetwork(): Promise<void>;
  /** The water the server holds for `day`, in ml. */
  waterOnServer(day: string): Promise<number>;
  close(): Promise<void>;
};

export async function openPhoneOnANetwork(name: string): Promise<PhoneOnANetwork> {
  const [ctx, browser] = await Promise.all([createTestContext(), launchBrowser()]);
  let server: ReturnType<typeof Bun.serve> | null = null;
  let port = 0;
  const serve = () => {
    server = Bun.serve({ port, hostname: "127.0.0.1", fetch: (req, s) => ctx.app.fetch(req, s) });
    port = server.port!;
  };
  serve();
  const url = `http://127.0.0.1:${port}`;
  const account = await signUpOverApi(url, name);
  await account.call("PUT", "/api/identity/profiles", { timezone: "UTC", height: 175 });
  const context = await browser.newContext({
    viewport: { width: 390, height: 850 },
    timezoneId: "UTC",
  });
  await context.addCookies([{ name: "fitness_session", value: account.token, url }]);
  return {
    url,
    context,
    account,
    serve,
    async cutNetwork() {
      await context.setOffline(true);
      server?.stop(true);
      server = null;
    },
    async restoreNetwork() {
      serve();
      await context.setOffline(false);
    },
    async waterOnServer(day) {
      return (await account.call("GET", `/api/measurements/water-intake/${day}`)).water_ml;
    },
    async close() {
      await browser.close();
      server?.stop(true);
      await ctx.close();
    },
  };
}
