import { SaxesParser } from "saxes";
import { UPLOAD_LIMITS, yielder } from "../lib/upload-limits.ts";
import { ActivityFileError } from "./activity.ts";

/**
 * Callbacks of a streaming XML read. Names are local ("gpxtpx:hr" reads as "hr", whatever
 * prefix the writer chose); `parent` is the local name of the enclosing element.
 */
export type XmlHandlers = {
  open(name: string, parent: string, attributes: Record<string, string>): void;
  /** `text` is the element's own trimmed text (for leaf elements, its value). */
  close(name: string, parent: string, text: string): void;
};

const CHUNK_BYTES = 64 * 1024;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Reads GPX/TCX bytes with a SAX parser, chunk by chunk: no document tree and no copy of
 * the whole text is made; the handlers keep only what they need, and long reads yield to
 * the event loop. A malformed or truncated document, a text longer than the limit or
 * elements nested too deep throw a per-file ActivityFileError.
 */
export async function streamXml(bytes: Uint8Array, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ position: true });
  const stack: string[] = [];
  let text = "";
  parser.on("error", (error) => {
    const message = error.message.replace(/^\d+:\d+: /, "");
    throw new ActivityFileError(
      `The file is not well-formed XML (line ${parser.line}): ${message}`,
    );
  });
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes as Record<string, string>))
      attributes[localName(key)] = value;
    handlers.open(name, stack.at(-1) ?? "", attributes);
    if (stack.push(name) > UPLOAD_LIMITS.xmlDepth)
      throw new ActivityFileError(
        `The file nests elements more than ${UPLOAD_LIMITS.xmlDepth} deep.`,
      );
    text = "";
  });
  parser.on("text", (chunk) => {
    text += chunk;
  });
  parser.on("cdata", (chunk) => {
    text += chunk;
  });
  parser.on("closetag", () => {
    const name = stack.pop()!;
    handlers.close(name, stack.at(-1) ?? "", text.trim());
    text = "";
  });
  const decoder = new TextDecoder("utf-8", { fatal: false });
  // Some writers (Strava's TCX among them) leave blank lines before the XML declaration,
  // which XML forbids: they are skipped, like the byte-order mark TextDecoder drops.
  let start = 0;
  while (start < bytes.length && WHITESPACE.has(bytes[start]!)) start++;
  const pause = yielder();
  for (let at = start; at < bytes.length; at += CHUNK_BYTES) {
    parser.write(decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: true }));
    if (Math.max(text.length, pendingText(parser)) > UPLOAD_LIMITS.xmlTextChars)
      throw new ActivityFileError(
        `The file has a text, name or comment longer than ${UPLOAD_LIMITS.xmlTextChars} characters.`,
      );
    await pause();
  }
  parser.write(decoder.decode());
  parser.close();
}

/**
 * Characters saxes has gathered and not yet handed on (a text, comment, attribute or name
 * being read). It keeps them in fields the types do not show; saxes is pinned at 6.
 */
export function pendingText(parser: SaxesParser): number {
  const inner = parser as unknown as { text?: string; name?: string };
  return (inner.text?.length ?? 0) + (inner.name?.length ?? 0);
}
