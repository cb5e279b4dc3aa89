/**
 * The worker thread that reads Apple Health exports (`importAppleHealth`): unzipping and
 * parsing gigabytes of export.xml allocates enough that the collections it causes held the
 * server's thread for seconds. A file that breaks a limit or is malformed is an answer, not
 * a failure of the worker.
 */
import { UploadLimitError } from "../lib/upload-limits.ts";
import { serveJobs } from "../lib/worker-jobs.ts";
import { readAppleHealthExport, type ExportPart, type ExportReading } from "./apple-health-read.ts";
import { ImportFormatError } from "./csv.ts";

export type ExportOutcome =
  { routes: number } | { refused: { status: 413 | 422; message: string } } | { malformed: string };

serveJobs(
  async (job: ExportReading, send: (part: ExportPart) => Promise<void>): Promise<ExportOutcome> => {
    try {
      return { routes: await readAppleHealthExport(job, send) };
    } catch (error) {
      if (error instanceof ImportFormatError) return { malformed: error.message };
      if (error instanceof UploadLimitError)
        return { refused: { status: error.status as 413 | 422, message: error.message } };
      throw error;
    }
  },
);
