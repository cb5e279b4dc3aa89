import { JPEG, PNG } from "../helpers/image-fixtures.ts";

/**
 * A local image host for download tests: real images, an HTML page named .jpg, a body
 * over 10 MiB, a response that never finishes, redirects (to itself, to a private address,
 * and in a loop) and a 404. Listens on loopback; the guard reaches it only through the
 * test-only allow-host setting.
 */
export type ImageServer = { origin: string; hits: Map<string, number>; stop(): void };

const HUGE_CHUNK = new Uint8Array(1024 * 1024);

export function startImageServer(): ImageServer {
  const hits = new Map<string, number>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    fetch(request): Response {
      const url = new URL(request.url);
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
      return answer(url, origin);
    },
  });
  const origin: string = `http://localhost:${server.port}`;
  return { origin, hits, stop: () => server.stop(true) };
}

function answer(url: URL, origin: string): Response {
  const image = (bytes: Uint8Array<ArrayBuffer>, type: string) =>
    new Response(bytes, { headers: { "Content-Type": type } });
  const redirect = (to: string) => new Response(null, { status: 302, headers: { Location: to } });
  const path = url.pathname;
  if (path.endsWith("/photo.jpg")) return image(JPEG, "image/jpeg");
  if (path === "/page.jpg") return image(new TextEncoder().encode("<html>hi</html>"), "image/jpeg");
  if (path === "/huge.png") return image(new Uint8Array(11 * 1024 * 1024), "image/png");
  if (path === "/huge-stream.png")
    return new Response(hugeStream(), { headers: { "Content-Type": "image/png" } });
  if (path === "/slow.png") return new Response(new ReadableStream({ start() {} }));
  if (path === "/to-image") return redirect(`${origin}/redirected/a.png`);
  if (path === "/to-private") return redirect("http://10.0.0.1/a.png");
  if (path === "/to-loopback-ip") return redirect(`http://127.0.0.1:${url.port}/a.png`);
  if (path === "/to-metadata") return redirect("http://169.254.169.254/latest/meta-data/");
  if (path.endsWith(".png")) return image(PNG, "image/png");
  if (path.startsWith("/loop/")) return redirect(`/loop/${Number(path.slice(6)) + 1}`);
  return new Response("not found", { status: 404 });
}

// No Content-Length: the cap must hold while streaming, not only on the header.
function hugeStream(): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(PNG);
      controller.enqueue(HUGE_CHUNK);
      sent += HUGE_CHUNK.length;
      if (sent > 12 * 1024 * 1024) controller.close();
    },
  });
}
