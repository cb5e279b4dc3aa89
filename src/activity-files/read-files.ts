import { ActivityFileError, type Activity } from "./activity.ts";
import { UPLOAD_LIMITS, UploadLimitError } from "../lib/upload-limits.ts";
import { unzipMembers } from "../lib/zip-stream.ts";
import { parseFitOffThread } from "./fit/fit-thread.ts";

/** One uploaded file, or one member of an uploaded zip. */
export type ActivityFile = { name: string; bytes: Uint8Array };

export const MAX_FILES_PER_IMPORT = UPLOAD_LIMITS.activityZipEntries;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const decoder = new TextDecoder("utf-8", { fatal: false });

function startsWith(bytes: Uint8Array, magic: number[]) {
  return magic.every((b, i) => bytes[i] === b);
}

/**
 * Zips are opened (their folders flattened); other files pass through. A zip that cannot
 * be read is that file's error; one inflating past the limits refuses the whole import.
 */
export async function expandZips(
  files: ActivityFile[],
): Promise<(ActivityFile | { name: string; error: string })[]> {
  const out: (ActivityFile | { name: string; error: string })[] = [];
  // One budget for all the zips of an import.
  let bytes = UPLOAD_LIMITS.activityZipBytes;
  let entries = UPLOAD_LIMITS.activityZipEntries;
  for (const file of files) {
    if (!startsWith(file.bytes, ZIP_MAGIC)) {
      out.push(file);
      continue;
    }
    try {
      const members = await unzipMembers(
        file.bytes,
        (name) => !name.endsWith("/") && !name.startsWith("__MACOSX/"),
        { bytes, entries },
      );
      for (const member of members) {
        out.push({ name: `${file.name}/${member.name}`, bytes: member.bytes });
        bytes -= member.bytes.length;
      }
      entries -= members.length;
    } catch (error) {
      if (error instanceof UploadLimitError) throw error;
      out.push({
        name: file.name,
        error: `The zip file could not be opened: ${(error as Error).message}`,
      });
    }
  }
  if (out.length > MAX_FILES_PER_IMPORT)
    throw new UploadLimitError(`At most ${MAX_FILES_PER_IMPORT} files per import.`);
  return out;
}

/**
 * The activities in a GPX, TCX or FIT file, told apart by content (a FIT header carries
 * ".FIT" at byte 8) rather than by name. Throws ActivityFileError for anything else.
 */
export async function readActivities(file: ActivityFile): Promise<Activity[]> {
  const { bytes } = file;
  if (bytes.length >= 12 && decoder.decode(bytes.subarray(8, 12)) === ".FIT")
    return [await parseFitOffThread(bytes)];
  const head = decoder.decode(bytes.subarray(0, 2048));
  // The XML readers and their library load on first use, like every library of a rarely used
  // feature (README, "Memory").
  if (/<gpx[\s>]/.test(head)) return [await (await import("./gpx-parse.ts")).parseGpx(bytes)];
  if (/<TrainingCenterDatabase[\s>]/.test(head))
    return await (await import("./tcx-parse.ts")).parseTcx(bytes);
  throw new ActivityFileError("Not a GPX, TCX or FIT file.");
}
