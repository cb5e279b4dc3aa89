import { z } from "zod";

export const EXPORT_FORMAT = "fitness-export";
export const EXPORT_FORMAT_VERSION = 1;
export const MANIFEST_PATH = "manifest.json";

const entrySchema = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** manifest.json: what the archive holds, with a checksum of every other entry. */
export const manifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  format_version: z.number().int(),
  app_version: z.string(),
  exported_at: z.string(),
  source_user_id: z.string().uuid(),
  /** Rows per table, grouped by domain. */
  counts: z.record(z.string(), z.record(z.string(), z.number().int())),
  files: z.number().int(),
  entries: z.array(entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;

export function sha256Hex(bytes: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
}
