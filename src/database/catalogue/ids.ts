/**
 * Built-in foods and their servings have fixed ids, the same on every server, derived from
 * USDA's NDB number: a food is 5a240000-0000-4000-8000-0000000NNNNN, its serving n (0 is
 * the 100 g one) 5a240000-00mm-4000-8000-0000000NNNNN with mm = n + 1 in hex. They never collide with the random
 * (version 4) ids of stored rows in practice, and read back to the NDB number.
 */
const PATTERN = /^5a240000-00([0-9a-f]{2})-4000-8000-0000000(\d{5})$/i;

export const builtinFoodId = (ndb: string) => `5a240000-0000-4000-8000-0000000${ndb}`;

export const builtinVariantId = (ndb: string, index: number) =>
  `5a240000-00${(index + 1).toString(16).padStart(2, "0")}-4000-8000-0000000${ndb}`;

/** The NDB number of a built-in food's id, or null for any other id. */
export function parseBuiltinFoodId(id: string): string | null {
  const match = PATTERN.exec(id);
  return match && match[1] === "00" ? match[2]! : null;
}

/** The NDB number and serving index of a built-in serving's id, or null for any other id. */
export function parseBuiltinVariantId(id: string): { ndb: string; index: number } | null {
  const match = PATTERN.exec(id);
  return match && match[1] !== "00" ? { ndb: match[2]!, index: parseInt(match[1]!, 16) - 1 } : null;
}
