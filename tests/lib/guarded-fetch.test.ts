import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGuardedFetch } from "../../src/lib/guarded-fetch.ts";

let server: ReturnType<typeof Bun.serve>;
let base: string;
beforeAll(() => {
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === "/echo") {
        return Response.json({
          method: request.method,
          body: await request.text(),
          auth: request.headers.get("authorization"),
        });
      }
      if (url.pathname === "/to-private") return Response.redirect("http://10.1.2.3/x", 302);
      if (url.pathname === "/to-echo") return Response.redirect(`${base}/echo`, 302);
      if (url.pathname === "/stream") {
        const stream = new ReadableStream({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode("data: one\n\n"));
            await Bun.sleep(300);
            controller.enqueue(new TextEncoder().encode("data: two\n\n"));
            controller.close();
          },
        });
        return new Response(stream, { headers: { "Content-Type": "text/event-stream" } });
      }
      return new Response("not found", { status: 404 });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

describe("createGuardedFetch", () => {
  test("refuses loopback and private hosts by default", async () => {
    const guarded = createGuardedFetch({});
    await expect(guarded(`${base}/echo`)).rejects.toThrow(/not a public address/);
    await expect(guarded("http://192.168.1.20:11434/api")).rejects.toThrow(/not a public address/);
    await expect(guarded("http://localhost:1/")).rejects.toThrow(/non-public address/);
    await expect(guarded("file:///etc/passwd")).rejects.toThrow(/Only http and https/);
  });

  test("sends the method, headers and body, and answers a Response", async () => {
    const guarded = createGuardedFetch({ allowHost: "127.0.0.1" });
    const res = await guarded(`${base}/echo`, {
      method: "POST",
      headers: { Authorization: "Bearer k", "Content-Type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ method: "POST", body: '{"a":1}', auth: "Bearer k" });
  });

  test("a private-network policy reaches home addresses but never link-local", async () => {
    const guarded = createGuardedFetch({ allowPrivateNetwork: true });
    expect((await guarded(`${base}/echo`)).status).toBe(200);
    await expect(guarded("http://169.254.169.254/latest/meta-data")).rejects.toThrow(
      /not a public address/,
    );
  });

  test("a private-network policy without loopback refuses the server's own host", async () => {
    const guarded = createGuardedFetch({ allowPrivateNetwork: true, allowLoopback: false });
    await expect(guarded(`${base}/echo`)).rejects.toThrow(/not a public address/);
    await expect(guarded("http://[::1]:1/")).rejects.toThrow(/not a public address/);
    await expect(guarded("http://localhost:1/")).rejects.toThrow(/non-public address/);
    const withTestHost = createGuardedFetch({ allowLoopback: false, allowHost: "127.0.0.1" });
    expect((await withTestHost(`${base}/echo`)).status).toBe(200);
  });

  test("a GET's redirects are checked again; other methods get the redirect as it is", async () => {
    const guarded = createGuardedFetch({ allowHost: "127.0.0.1" });
    expect(await (await guarded(`${base}/to-echo`)).json()).toMatchObject({ method: "GET" });
    await expect(guarded(`${base}/to-private`)).rejects.toThrow(/not a public address/);
    const posted = await guarded(`${base}/to-private`, { method: "POST", body: "x" });
    expect(posted.status).toBe(302);
  });

  test("a streamed body arrives chunk by chunk", async () => {
    const guarded = createGuardedFetch({ allowHost: "127.0.0.1" });
    const res = await guarded(`${base}/stream`);
    const reader = res.body!.getReader();
    const started = performance.now();
    const first = await reader.read();
    const firstAfter = performance.now() - started;
    expect(new TextDecoder().decode(first.value)).toBe("data: one\n\n");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe("data: two\n\n");
    // The first event was readable before the server sent the second.
    expect(firstAfter).toBeLessThan(performance.now() - started);
  });

  test("times out", async () => {
    const guarded = createGuardedFetch({ allowHost: "127.0.0.1", timeoutMs: 100 });
    const res = await guarded(`${base}/stream`);
    await expect(res.text()).rejects.toThrow();
  });
});
