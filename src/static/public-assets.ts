import indexHtmlFile from "../../public/index.html" with { type: "file" };
import styleCss from "../../public/style.css" with { type: "file" };

// Bun's types describe an HTML import as a bundle; imported as a file it is a path.
const indexHtml = indexHtmlFile as unknown as string;

/** The web client's files, embedded in the binary; keys are URL paths. */
export const PUBLIC_ASSETS: Record<string, string> = {
  "/": indexHtml,
  "/index.html": indexHtml,
  "/style.css": styleCss,
};
