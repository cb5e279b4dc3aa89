import { createReadStream } from "node:fs";

// A run of the characters an upload path is made of; anything else ends a token.
const TOKEN = /[A-Za-z0-9._~\/-]+/g;
const URL_PREFIX = "/uploads/";

/**
 * The upload paths among `candidates` that the spooled COPY text of the tables mentions,
 * whatever the column: a photo's file_path, a food image's `/uploads/...` URL inside an array
 * or JSON. A backup keeps exactly these files, so that its files match its snapshot's rows.
 */
export async function findReferencedUploads(
  tableFiles: string[],
  candidates: Set<string>,
): Promise<Set<string>> {
  const found = new Set<string>();
  const check = (token: string) => {
    const path = token.startsWith(URL_PREFIX)
      ? token.slice(URL_PREFIX.length)
      : token.replace(/^\/+/, "");
    if (candidates.has(path)) found.add(path);
  };
  for (const file of tableFiles) {
    let carried = "";
    for await (const chunk of createReadStream(file, { encoding: "utf8" })) {
      const text = carried + (chunk as string);
      // A token may go on in the next chunk: keep the text after the last separator.
      let end = text.length;
      while (end > 0 && /[A-Za-z0-9._~\/-]/.test(text[end - 1]!)) end--;
      for (const [token] of text.slice(0, end).matchAll(TOKEN))
        if (token.includes("/")) check(token);
      carried = text.slice(end);
    }
    for (const [token] of carried.matchAll(TOKEN)) check(token);
  }
  return found;
}
