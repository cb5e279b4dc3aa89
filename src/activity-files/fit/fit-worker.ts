/**
 * The worker thread that decodes FIT files (`parseFitOffThread`): the SDK reads a file in one
 * synchronous call, seconds long at the message limit. A file the decoder refuses is an
 * answer, not a failure of the worker.
 */
import { serveJobs } from "../../lib/worker-jobs.ts";
import { ActivityFileError, type Activity } from "../activity.ts";
import { parseFit } from "./fit-parse.ts";

export type FitOutcome = { activity: Activity } | { fileError: string };

serveJobs(async (bytes: Uint8Array): Promise<FitOutcome> => {
  try {
    return { activity: await parseFit(bytes) };
  } catch (error) {
    if (error instanceof ActivityFileError) return { fileError: error.message };
    throw error;
  }
});
