import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The files that make the phone app's calls: this folder's tests and the app's sign-in test. */
const CONTRACT_FILES = [
  ...readdirSync(import.meta.dir)
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => join(import.meta.dir, name)),
  join(import.meta.dir, "../auth/phone-app-sign-in.test.ts"),
];

const LITERAL = String.raw`("[^"]*"|'[^']*'|\x60(?:[^\x60\\]|\\.)*\x60)`;
const METHOD = String.raw`"(GET|POST|PUT|DELETE|PATCH)"`;
// appCall(ctx, as, "GET", `/api/...`) or (..., "GET", PATH): the method before the path.
const METHOD_THEN_PATH = new RegExp(`${METHOD},\\s*(${LITERAL.slice(1, -1)}|[A-Z_]+\\b)`, "g");
// const PATH = "/api/...": a file's own path constants, used as `PATH` or `${PATH}/...`.
const CONSTANT = new RegExp(`const ([A-Z_]+) = ${LITERAL};`, "g");
// ctx.request("/api/...", { method: "POST" ... }) or jsonRequest("PUT", ...); else a GET.
const REQUEST = new RegExp(`(request|appPost)\\(\\s*${LITERAL}([^;]{0,200})`, "g");

/**
 * Every (method, path) the contract tests call with a literal path, read from their source:
 * `${...}` parts become `X` (an id, a date), so `/api/foods/${id}` reads `/api/foods/X`.
 */
export function callsMade(): { method: string; url: string; file: string }[] {
  const made: { method: string; url: string; file: string }[] = [];
  for (const file of CONTRACT_FILES) {
    let source = readFileSync(file, "utf8");
    for (const [, name, literal] of source.matchAll(CONSTANT))
      source = source.replaceAll("${" + name + "}", literal!.slice(1, -1));
    const constants = new Map([...source.matchAll(CONSTANT)].map(([, n, l]) => [n!, l!]));
    for (const [, method, argument] of source.matchAll(METHOD_THEN_PATH)) {
      const literal = constants.get(argument!) ?? argument!;
      if (/^[A-Z_]+$/.test(literal)) continue;
      made.push({ method: method!, url: pathOf(literal), file });
    }
    for (const [, caller, literal, rest] of source.matchAll(REQUEST)) {
      const named = /(?:method:\s*|jsonRequest\(\s*)"(GET|POST|PUT|DELETE|PATCH)"/.exec(rest!);
      const method = caller === "appPost" ? "POST" : (named?.[1] ?? "GET");
      made.push({ method, url: pathOf(literal!), file });
    }
  }
  return made.filter((call) => call.url.startsWith("/api/"));
}

function pathOf(literal: string): string {
  return literal.slice(1, -1).replace(/\$\{[^}]*\}/g, "X");
}
