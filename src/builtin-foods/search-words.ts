import { toSearchText } from "../foods/search-text.ts";

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
