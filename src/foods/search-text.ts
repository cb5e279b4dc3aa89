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
