import { Hono, type MiddlewareHandler } from "hono";
import type { Database } from "../db.ts";
import type { AppEnv } from "./context.ts";

/**
 * Prometheus metrics of this process (each process of a scale-out is scraped on its own):
 * requests by method and status class, latency, requests in flight, health-data ingest
 * requests, and the database connections this server holds. Labels stay few on purpose:
 * a label per path would grow with every id in a URL.
 */

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// A scrape answers even while the database does not: its figures wait this long at most.
const DATABASE_WAIT_MS = 2_000;

export function createMetrics() {
  const requests = new Map<string, number>();
  const ingest = new Map<string, number>();
  const latency = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
  let inFlight = 0;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
      const seconds = (performance.now() - started) / 1000;
      const status = `${String(c.res.status)[0]}xx`;
      bump(requests, `method="${c.req.method}",status="${status}"`);
      if (c.req.method === "POST" && c.req.path === "/api/health-data") {
        bump(ingest, `status="${status}"`);
      }
      latency.sum += seconds;
      latency.count++;
      BUCKETS.forEach((le, i) => {
        if (seconds <= le) latency.counts[i]!++;
      });
    }
  };

  async function render(db: Database): Promise<string> {
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    family("fitness_http_requests_total", "counter", "HTTP requests answered.");
    for (const [labels, n] of requests) lines.push(`fitness_http_requests_total{${labels}} ${n}`);
    family("fitness_http_request_duration_seconds", "histogram", "Time to answer a request.");
    BUCKETS.forEach((le, i) =>
      lines.push(`fitness_http_request_duration_seconds_bucket{le="${le}"} ${latency.counts[i]}`),
    );
    lines.push(
      `fitness_http_request_duration_seconds_bucket{le="+Inf"} ${latency.count}`,
      `fitness_http_request_duration_seconds_sum ${latency.sum}`,
      `fitness_http_request_duration_seconds_count ${latency.count}`,
    );
    family("fitness_http_requests_in_flight", "gauge", "Requests being answered now.");
    lines.push(`fitness_http_requests_in_flight ${inFlight}`);
    family("fitness_ingest_requests_total", "counter", "POST /api/health-data requests.");
    for (const [labels, n] of ingest) lines.push(`fitness_ingest_requests_total{${labels}} ${n}`);
    const states = await Promise.race([
      db.owner<{ state: string; count: number }[]>`
        select coalesce(state, 'unknown') as state, count(*)::int as count from pg_stat_activity
        where application_name = 'fitness' and datname = current_database() group by 1 order by 1`,
      Bun.sleep(DATABASE_WAIT_MS).then(() => null),
    ]).catch(() => null);
    family("fitness_db_up", "gauge", "Whether the database answered this scrape (1) or not (0).");
    lines.push(`fitness_db_up ${states ? 1 : 0}`);
    family("fitness_db_connections", "gauge", "Database connections of this server, by state.");
    for (const s of states ?? [])
      lines.push(`fitness_db_connections{state="${s.state}"} ${s.count}`);
    return lines.join("\n") + "\n";
  }

  const routes = new Hono<AppEnv>().get("/metrics", async (c) =>
    c.body(await render(c.var.db), 200, {
      "Content-Type": "text/plain; version=0.0.4; charset=utf-8",
    }),
  );
  return { middleware, routes };
}
