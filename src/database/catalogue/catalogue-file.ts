import dataPath from "./usda-sr24.jsonl.gz" with { type: "file" };
import { SR24_FIELDS } from "./fields.ts";

/** A household measure: `amount` of `name` weighs `grams`. */
export type Measure = { amount: number; name: string; grams: number };

/** Values per 100 g: nutrient columns (null when USDA gives none) and custom_nutrients. */
export type Per100g = Record<string, number | null> & {
  custom_nutrients: Record<string, number>;
};

export type CatalogueFood = { ndb: string; name: string; per100g: Per100g; measures: Measure[] };

/** The data file embedded in the binary (scripts/build-usda-sr24.ts made it), as bytes. */
export async function readCatalogueBytes(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await Bun.file(dataPath).arrayBuffer());
}

/** The foods of the data file. */
export function parseCatalogue(bytes: Uint8Array<ArrayBuffer>): CatalogueFood[] {
  const text = new TextDecoder().decode(Bun.gunzipSync(bytes));
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [ndb, name, values, measures] = JSON.parse(line) as [
        string,
        string,
        (number | null)[],
        [number, string, number][],
      ];
      return {
        ndb,
        name,
        per100g: per100g(values),
        measures: measures.map(([amount, measure, grams]) => ({ amount, name: measure, grams })),
      };
    });
}

function per100g(values: (number | null)[]): Per100g {
  const result = { custom_nutrients: {} } as unknown as Per100g;
  SR24_FIELDS.forEach((field, i) => {
    const value = values[i] ?? null;
    if (!field.label) result[field.key] = value;
    else if (value !== null) result.custom_nutrients[field.label] = value;
  });
  return result;
}
