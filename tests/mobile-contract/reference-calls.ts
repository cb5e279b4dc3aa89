import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CallCredential, LoggedCall } from "./call-log.ts";

/** One call of the phone app as the reference lists it, and how to recognise it. */
export type ReferenceCall = { method: string; template: string; path: RegExp; query: string[] };

// The reference's extractor dropped the id of one endpoint: the app's cycleApi.ts deletes a
// basal temperature at `/api/measurements/custom-entries/${bbtEntry.id}`.
const EXTRACTOR_SLIPS: Record<string, string> = {
  "/api/measurements/custom-entries/": "/api/measurements/custom-entries/:id",
};

/**
 * Every (method, path template) of the reference, once each: those its "Connecting and
 * syncing" names (`POST /api/health-data`) and the rows of its "Calls by area" tables. A
 * template's `:name` segments match any segment; the query keys it names (`?page=:page`)
 * must be sent too. What follows `${` or a `:name` glued to a segment is the app's optional
 * query string and matches nothing.
 */
export function referenceCalls(): ReferenceCall[] {
  const text = readFileSync(join(import.meta.dir, "mobile-app-api.md"), "utf8");
  const connecting = text.slice(0, text.indexOf("## Calls by area"));
  const tables = text.slice(text.indexOf("## Calls by area"), text.indexOf("## Shapes"));
  const listed = [
    ...connecting.matchAll(/`(GET|POST|PUT|DELETE) (\/api\/[^\s`]+)/g),
    ...tables.matchAll(/^\| (GET|POST|PUT|DELETE|PATCH) \| `([^`]+)`/gm),
  ];
  const calls = new Map<string, ReferenceCall>();
  for (const [, method, raw] of listed) {
    const [pathPart, queryPart = ""] = raw!.split("${")[0]!.split("?");
    const template = EXTRACTOR_SLIPS[pathPart!] ?? pathPart!.replace(/(?<=[^/]):\w+$/, "");
    const query = [...queryPart.matchAll(/(?:^|&)(\w+)=/g)].map((m) => m[1]!);
    const key = `${method} ${template} ${query.join("&")}`;
    if (calls.has(key)) continue;
    const pattern = template
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)))
      .join("/");
    calls.set(key, { method: method!, template, path: new RegExp(`^${pattern}$`), query });
  }
  return [...calls.values()];
}

/** Whether a call made (method, concrete path with its query) is this reference call. */
export function isCall(call: ReferenceCall, method: string, url: string): boolean {
  const [path, query = ""] = url.split("?");
  if (method !== call.method || !call.path.test(path!)) return false;
  const sent = new URLSearchParams(query);
  return call.query.every((key) => sent.has(key));
}

/**
 * The credentials the app makes a call with: none on the sign-in screen (`/api/auth/...`,
 * before it has any), else both a session token and an API key.
 */
export function credentialsOf(call: ReferenceCall): CallCredential[] {
  return call.template.startsWith("/api/auth/") ? ["none"] : ["session", "API key"];
}

/** Whether the server answered as the app expects: neither a refusal (4xx) nor a failure. */
function answered(status: number): boolean {
  return status >= 200 && status < 400;
}

/**
 * Each reference call, with each credential the app makes it with, that no logged call made
 * and got an answer for; named `GET /api/path query (credential)`.
 */
export function callsNotMade(calls: ReferenceCall[], log: LoggedCall[]): string[] {
  return calls.flatMap((call) =>
    credentialsOf(call)
      .filter(
        (credential) =>
          !log.some(
            (made) =>
              made.credential === credential &&
              answered(made.status) &&
              isCall(call, made.method, made.url),
          ),
      )
      .map((credential) => `${nameOf(call)} (${credential})`),
  );
}

export function nameOf(call: ReferenceCall): string {
  return `${call.method} ${call.template} ${call.query.join("&")}`.trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
