import type { importAppleHealth } from "./apple-health-import.ts";

/**
 * The Apple Health import, loaded on first use with its zip and XML libraries, like every
 * library of a rarely used feature (README, "Memory").
 */
export async function importAppleHealthLazily(
  ...args: Parameters<typeof importAppleHealth>
): ReturnType<typeof importAppleHealth> {
  const { importAppleHealth } = await import("./apple-health-import.ts");
  return importAppleHealth(...args);
}
