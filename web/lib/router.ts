import { signal } from "@preact/signals";

/** The current hash route without its `#`, e.g. `/workouts/123`. */
export const route = signal(readRoute());

function readRoute(): string {
  return location.hash.replace(/^#/, "") || "/";
}

addEventListener("hashchange", () => {
  route.value = readRoute();
  // Moving focus to the new screen's heading tells screen readers the page changed.
  queueMicrotask(() => document.querySelector<HTMLElement>("main h1")?.focus());
});

export function navigate(path: string) {
  location.hash = path;
}

/** The route's segments after `prefix`, or null when it does not match. */
export function match(prefix: string): string[] | null {
  const path = route.value;
  if (path !== prefix && !path.startsWith(prefix + "/")) return null;
  return path.slice(prefix.length).split("/").filter(Boolean).map(decodeURIComponent);
}
