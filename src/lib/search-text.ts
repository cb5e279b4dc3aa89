/**
 * The text a library search matches: lower-cased with accents removed, computed here
 * rather than with PostgreSQL's unaccent extension, which the embedded engine lacks.
 */
export function toSearchText(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(" ")
    .normalize("NFKD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** A LIKE pattern for `term` in search text, with LIKE's wildcards taken literally. */
export function searchPattern(term: string): string {
  return `%${toSearchText(term).replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * A word as searches compare it: plurals made singular by English's regular endings
 * ("bananas" → "banana", "berries" → "berry", "tomatoes" → "tomato"), applied alike to
 * names and to what people type, so either form finds the other.
 */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(oes|ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of a text for search: lower-cased, accents removed, singular, in order. */
export function searchWords(text: string): string[] {
  return toSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(singular);
}

/**
 * LIKE patterns a food's search text must all match: one per word of `term`, in any order,
 * each the word's stem ("berry" of "berries" finds "berries" and "berry").
 */
export function searchWordPatterns(term: string): string[] {
  const words = searchWords(term).map((word) => word.replace(/y$/, ""));
  return words.length > 0 ? words.map((word) => `%${word}%`) : [searchPattern(term)];
}
