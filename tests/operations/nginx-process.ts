import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import { emptyDir, run } from "../helpers/processes.ts";
import { freePort } from "../helpers/free-port.ts";

const TEMPLATE = join(import.meta.dir, "..", "..", "deploy", "nginx", "fitness.conf.template");

export type Nginx = { url: string; port: number; stop(): Promise<void> };

/**
 * Debian's nginx, not daemonized, in a temporary prefix, serving the repository's example
 * configuration (rendered the way envsubst would) over HTTPS with a self-signed certificate.
 */
export async function startNginx(upstreams: string[], rateLimit = "5r/s"): Promise<Nginx> {
  const prefix = emptyDir("fitness-nginx-");
  mkdirSync(join(prefix, "logs"));
  const cert = join(prefix, "cert.pem");
  const key = join(prefix, "key.pem");
  const made = await run(
    [
      "openssl",
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    {},
  );
  if (made.code !== 0) throw new Error(made.stderr);
  const port = await freePort();
  const values: Record<string, string> = {
    NGINX_RATE_LIMIT: rateLimit,
    NGINX_SERVER_NAME: "localhost",
    NGINX_LISTEN: `127.0.0.1:${port}`,
    NGINX_SSL_CERTIFICATE: cert,
    NGINX_SSL_CERTIFICATE_KEY: key,
    FITNESS_UPSTREAM: upstreams[0]!,
  };
  let site = readFileSync(TEMPLATE, "utf8").replace(
    /\$\{(\w+)\}/g,
    (_, name: string) => values[name]!,
  );
  // Several processes: the same upstream block with one server line each.
  site = site.replace(/^(\s*server )(\S+);$/m, upstreams.map((u) => `$1${u};`).join("\n"));
  writeFileSync(join(prefix, "fitness.conf"), site);
  writeFileSync(
    join(prefix, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/fitness.conf;
}
`,
  );
  const proc = Bun.spawn(
    ["nginx", "-p", prefix, "-c", join(prefix, "nginx.conf"), "-g", "daemon off;"],
    {
      stdout: "ignore",
      stderr: "pipe",
    },
  );
  const url = `https://127.0.0.1:${port}`;
  const stop = async () => {
    proc.kill("SIGQUIT");
    await proc.exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode !== null)
      throw new Error(`nginx exited: ${await new Response(proc.stderr).text()}`);
    const up = await send(url, "/api/health").then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return { url, port, stop };
    await Bun.sleep(100);
  }
  await stop();
  throw new Error("nginx did not start");
}

export type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/**
 * One HTTPS request through nginx from a chosen loopback source address (127.0.0.2, ...),
 * so a test can play several clients; the self-signed certificate is accepted.
 */
export function send(
  base: string,
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Uint8Array;
    from?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: init.method ?? "GET",
        headers: init.headers,
        localAddress: init.from,
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
