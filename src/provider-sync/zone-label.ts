import { isValidTimeZone } from "../lib/record-time.ts";

/**
 * The IANA zone in a service's zone label: Strava sends "(GMT+01:00) Europe/Berlin",
 * others the bare name. Undefined when there is none, so the profile's zone applies.
 */
export function zoneFromLabel(label: string | null | undefined): string | undefined {
  const name = label?.replace(/^\([^)]*\)\s*/, "").trim();
  return name && isValidTimeZone(name) ? name : undefined;
}
