import { spawnSync } from "node:child_process";
import {
  closeSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type SmallDisk = {
  /** The mount point. */
  path: string;
  /** Fills the disk, then frees `leave` bytes again. */
  fill(leave?: number): void;
  /** Removes what fill() wrote. */
  free(): void;
  unmount(): void;
};

/**
 * A tmpfs of `size` (such as "2m") to play a full disk, or null where mounting is not
 * permitted (mounting needs root, as CI runs): the tests that need one then skip.
 */
export function mountSmallDisk(size: string): SmallDisk | null {
  const path = mkdtempSync(join(tmpdir(), "fitness-small-disk-"));
  if (spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", path]).status !== 0) {
    rmSync(path, { recursive: true, force: true });
    return null;
  }
  const filler = join(path, "filler");
  return {
    path,
    fill(leave = 0) {
      rmSync(filler, { force: true });
      const fd = openSync(filler, "w");
      try {
        for (const chunk of [64 * 1024, 4096, 512].map((size) => new Uint8Array(size))) {
          for (;;) {
            try {
              writeSync(fd, chunk);
            } catch {
              break;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
      if (leave) truncateSync(filler, Math.max(0, statSync(filler).size - leave));
    },
    free: () => rmSync(filler, { force: true }),
    unmount() {
      spawnSync("umount", [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
