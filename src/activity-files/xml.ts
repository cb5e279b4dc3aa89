import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ActivityFileError } from "./activity.ts";

/** Parses GPX/TCX text into plain objects; a malformed document is a per-file error. */
export function parseXml(text: string, arrays: string[]): Record<string, any> {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new ActivityFileError(
      `The file is not well-formed XML (line ${valid.err.line}): ${valid.err.msg}`,
    );
  const listed = new Set(arrays);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    // gpxtpx:hr and ns3:TPX read as hr and TPX whatever prefix the writer chose.
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => listed.has(name),
  });
  return parser.parse(text);
}
