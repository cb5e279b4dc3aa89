import indexHtml from "../../public/index.html" with { type: "file" };
import styleCss from "../../public/style.css" with { type: "file" };

/** The web client's files, embedded in the binary; keys are URL paths. */
export const PUBLIC_ASSETS: Record<string, string> = {
  "/": indexHtml,
  "/index.html": indexHtml,
  "/style.css": styleCss,
};
