import type { UserImport } from "../run/context.ts";
import { SOURCE } from "./trackers.ts";

// The other server numbers some rows with integers (presets and plans) or has no row of its
// own for what becomes a row here (a meal line expanded from an inner meal, a person's
// setting of a shared meal type); here they get uuids derived from what names them, so a
// second run derives the same ids and adds nothing.
export const derivedId = (u: UserImport, table: string, id: unknown) =>
  new Bun.CryptoHasher("md5")
    .update(`${SOURCE}:${u.userId}:${table}:${id}`)
    .digest("hex")
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");

/** The same with version 4's digits, for ids an API checks as uuids. */
export function derivedUuid(u: UserImport, table: string, id: unknown) {
  const derived = derivedId(u, table, id);
  return `${derived.slice(0, 14)}4${derived.slice(15, 19)}8${derived.slice(20)}`;
}
