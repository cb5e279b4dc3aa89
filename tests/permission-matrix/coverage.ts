import type { MatrixRoute, Seeded } from "./types.ts";

// Seeded ids become "{name}" placeholders, so a row's path reads like an OpenAPI template.
const PLACEHOLDERS = new Proxy({} as Seeded, { get: (_, key) => `{${String(key)}}` });

/** The row's path with its seeded ids as placeholders and without a query string. */
export function routeTemplate(row: MatrixRoute): string {
  const path = typeof row.path === "function" ? row.path(PLACEHOLDERS) : row.path;
  return path.split("?")[0]!;
}

const segments = (path: string) => path.split("/").filter(Boolean);
const isParam = (segment: string) => segment.startsWith("{") && segment.endsWith("}");

/** How well a concrete or placeholder path fits a template: literal segments matched, or -1. */
function fit(path: string, template: string): number {
  const [p, t] = [segments(path), segments(template)];
  if (p.length !== t.length) return -1;
  let literal = 0;
  for (let i = 0; i < t.length; i++) {
    if (isParam(t[i]!)) continue;
    if (p[i] !== t[i]) return -1;
    literal++;
  }
  return literal;
}

/**
 * Which of the operations ("METHOD template") some row exercises. A row counts for the
 * template of its method it fits most literally, so /check-in-photos/dates does not also
 * cover /{date}.
 */
export function coveredOperations(rows: MatrixRoute[], operations: string[]): Set<string> {
  const covered = new Set<string>();
  for (const row of rows) {
    const path = routeTemplate(row);
    let best: string | undefined;
    let bestFit = -1;
    for (const operation of operations) {
      const [method, template] = operation.split(" ") as [string, string];
      const score = method === row.method ? fit(path, template) : -1;
      if (score > bestFit) [best, bestFit] = [operation, score];
    }
    if (best) covered.add(best);
  }
  return covered;
}
