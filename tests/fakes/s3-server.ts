import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";

/**
 * A local S3-compatible server (s3rver) with one empty bucket, and the SERVICE_FITNESS_S3_*
 * settings that point the app at it. s3rver accepts the fixed key pair S3RVER/S3RVER.
 */
export async function startS3Server(bucket = "fitness-uploads") {
  const directory = mkdtempSync(join(tmpdir(), "fitness-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  const env = {
    SERVICE_FITNESS_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    SERVICE_FITNESS_S3_BUCKET: bucket,
    SERVICE_FITNESS_S3_ACCESS_KEY_ID: "S3RVER",
    SERVICE_FITNESS_S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  return {
    env,
    client: new Bun.S3Client({
      endpoint: env.SERVICE_FITNESS_S3_ENDPOINT,
      bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      region: "us-east-1",
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
