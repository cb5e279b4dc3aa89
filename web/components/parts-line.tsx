import { Fragment } from "preact";

/**
 * Parts of a line joined by `separator`, each part kept on one line: a number and its unit do
 * not split, and no separator starts a wrapped line. The text is the plain join's, so what
 * reads "30 min · 6 km" still matches it.
 */
export function PartsLine({ parts, separator = " · " }: { parts: string[]; separator?: string }) {
  const last = parts.length - 1;
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          <span class="nowrap">
            {part}
            {i < last && separator.trimEnd()}
          </span>
          {i < last && " "}
        </Fragment>
      ))}
    </>
  );
}
