import { SaxesParser } from "saxes";
import { pendingText } from "../activity-files/xml.ts";
import { UPLOAD_LIMITS, UploadLimitError } from "../lib/upload-limits.ts";
import { ImportFormatError } from "./csv.ts";
import type { Attributes } from "./apple-health-map.ts";

/** A Workout element with what its children add. */
export type AppleWorkout = {
  attributes: Attributes;
  statistics: Attributes[];
  metadata: Record<string, string>;
  /** FileReference path of its WorkoutRoute, like "/workout-routes/route_2024-01-15.gpx". */
  routePath: string | null;
};

export type XmlHandlers = {
  record(attributes: Attributes): void;
  workout(workout: AppleWorkout): void;
};

/**
 * A push parser for export.xml: bytes in, one callback per Record (on its opening tag) and
 * per Workout (on its closing tag). It keeps only the element being read, never the document.
 * Malformed XML throws ImportFormatError; a text or nesting past UPLOAD_LIMITS, an
 * UploadLimitError.
 */
export function exportXmlParser(handlers: XmlHandlers) {
  const sax = new SaxesParser();
  const decoder = new TextDecoder("utf-8");
  let workout: AppleWorkout | null = null;
  let inRoute = false;
  // A Correlation (blood pressure, a meal) repeats Records that also stand alone.
  let inCorrelation = false;
  let sawRoot = false;
  let depth = 0;
  sax.on("opentag", (node) => {
    if (++depth > UPLOAD_LIMITS.xmlDepth)
      throw new UploadLimitError(
        `export.xml nests elements more than ${UPLOAD_LIMITS.xmlDepth} deep.`,
        422,
      );
    const a = node.attributes as Attributes;
    switch (node.name) {
      case "HealthData":
        sawRoot = true;
        break;
      case "Record":
        if (!workout && !inCorrelation) handlers.record(a);
        break;
      case "Correlation":
        inCorrelation = true;
        break;
      case "Workout":
        workout = { attributes: a, statistics: [], metadata: {}, routePath: null };
        break;
      case "WorkoutStatistics":
        if (workout && entries(workout) < UPLOAD_LIMITS.appleHealthWorkoutEntries)
          workout.statistics.push(a);
        break;
      case "MetadataEntry":
        if (
          workout &&
          !inRoute &&
          a.key &&
          entries(workout) < UPLOAD_LIMITS.appleHealthWorkoutEntries
        )
          workout.metadata[a.key] = a.value ?? "";
        break;
      case "WorkoutRoute":
        inRoute = true;
        break;
      case "FileReference":
        if (workout && inRoute && a.path) workout.routePath = a.path;
        break;
    }
  });
  sax.on("closetag", (node) => {
    depth--;
    if (node.name === "WorkoutRoute") inRoute = false;
    if (node.name === "Correlation") inCorrelation = false;
    if (node.name === "Workout" && workout) {
      handlers.workout(workout);
      workout = null;
    }
  });
  const entries = (w: AppleWorkout) => w.statistics.length + Object.keys(w.metadata).length;
  const fail = (error: unknown): never => {
    throw new ImportFormatError(`export.xml is not well-formed XML: ${(error as Error).message}`);
  };
  return {
    write(bytes: Uint8Array) {
      try {
        sax.write(decoder.decode(bytes, { stream: true }));
      } catch (error) {
        if (error instanceof UploadLimitError) throw error;
        fail(error);
      }
      if (pendingText(sax) > UPLOAD_LIMITS.xmlTextChars)
        throw new UploadLimitError(
          `export.xml has a text, attribute or comment longer than ${UPLOAD_LIMITS.xmlTextChars} characters.`,
        );
    },
    close() {
      try {
        sax.write(decoder.decode());
        sax.close();
      } catch (error) {
        fail(error);
      }
      if (!sawRoot) throw new ImportFormatError("export.xml has no HealthData element.");
    },
  };
}
