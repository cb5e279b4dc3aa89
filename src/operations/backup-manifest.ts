import { createHash } from "node:crypto";
import { z } from "zod";

/** The last entry of every backup archive: what it holds and each entry's checksum. */
export const MANIFEST_NAME = "manifest.json";
export const BACKUP_FORMAT = "fitness-backup";

const checksummed = { entry: z.string(), bytes: z.number().int(), sha256: z.string() };

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  appVersion: z.string(),
  engine: z.enum(["embedded", "external"]),
  migrations: z.array(z.number().int()),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.object({ name: z.string(), json: z.boolean() })),
      rows: z.number().int(),
      ...checksummed,
    }),
  ),
  sequences: z.array(
    z.object({ name: z.string(), last_value: z.string().nullable(), is_called: z.boolean() }),
  ),
  files: z.array(z.object({ path: z.string(), ...checksummed })),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export const tableEntry = (table: string) => `database/${table}.copy`;
export const uploadEntry = (path: string) => `uploads/${path}`;

/** Streams through a byte source while counting and hashing it. */
export async function* hashing(
  source: AsyncIterable<Uint8Array>,
  result: { bytes: number; sha256: string },
): AsyncGenerator<Uint8Array> {
  const hash = createHash("sha256");
  for await (const chunk of source) {
    hash.update(chunk);
    result.bytes += chunk.length;
    yield chunk;
  }
  result.sha256 = hash.digest("hex");
}
