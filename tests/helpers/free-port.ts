import { createServer } from "node:net";

/**
 * A loopback port nothing listens on, as the system hands one out: a port picked at random
 * can be one that a client connection holds (the ephemeral range), most often when test
 * files run side by side.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
