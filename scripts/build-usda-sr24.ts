// Builds src/database/catalogue/usda-sr24.jsonl.gz, the built-in food catalogue, from USDA's National Nutrient
// Database for Standard Reference, Release 24 (public domain), as Debian's `cronometer`
// package ships it: /usr/share/cronometer/usda_sr24.jar, a zip of one XML file per food.
//
//   cd /tmp && apt-get download cronometer && dpkg-deb -x cronometer_*_all.deb cronometer
//   bun scripts/build-usda-sr24.ts /tmp/cronometer/usr/share/cronometer/usda_sr24.jar
//
// Output: one JSON array per line, [ndb, name, per100g, measures], gzip-compressed, where
// per100g lists the values of FIELDS (null when USDA gives none) and measures lists
// [amount, household unit, grams]. Only the 7,907 current foods (foods.index) are kept.
import { gzipSync, strFromU8, unzipSync } from "fflate";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SR24_FIELDS } from "../src/database/catalogue/fields.ts";

const jarPath = process.argv[2];
if (!jarPath) {
  console.error("usage: bun scripts/build-usda-sr24.ts <path to usda_sr24.jar>");
  process.exit(2);
}
const out = join(import.meta.dir, "..", "src", "database", "catalogue", "usda-sr24.jsonl.gz");

const files = unzipSync(readFileSync(jarPath));
const text = (name: string) => strFromU8(files[`usda_sr24/${name}`]!);

const decode = (value: string) =>
  value
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
const attributes = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));

/** A value rounded to what USDA publishes (at most three decimals). */
const round = (value: number) => Math.round(value * 1000) / 1000;

function per100g(raw: Map<string, number>): (number | null)[] {
  return SR24_FIELDS.map((field) => {
    if ("derive" in field) return field.derive(raw);
    const value = raw.get(field.source);
    return value === undefined ? null : round(value * (field.factor ?? 1));
  });
}

const lines: string[] = [];
const ids = text("foods.index")
  .split("\n")
  .map((line) => line.split("|")[0]!.trim())
  .filter(Boolean)
  .sort();
for (const ndb of ids) {
  const xml = text(`${ndb}.xml`);
  const food = attributes(xml.match(/<food [^>]*>/)![0]);
  const raw = new Map<string, number>();
  for (const m of xml.matchAll(/<nutrient [^>]*\/>/g)) {
    const { name, amount } = attributes(m[0]);
    raw.set(name!, Number(amount));
  }
  const measures: [number, string, number][] = [];
  for (const m of xml.matchAll(/<measure [^>]*\/>/g)) {
    const { amount, name, grams } = attributes(m[0]);
    measures.push([round(Number(amount)), name!.trim(), round(Number(grams))]);
  }
  lines.push(JSON.stringify([ndb, food.name, per100g(raw), measures]));
}
const gzip = gzipSync(new TextEncoder().encode(lines.join("\n") + "\n"), { level: 9 });
gzip.fill(0, 4, 8); // no modification time: the same package gives the same bytes
writeFileSync(out, gzip);
console.log(`${lines.length} foods written to ${out}`);
