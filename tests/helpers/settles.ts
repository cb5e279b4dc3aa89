/** How a promise settled, or "pending" if it has not within `ms` (a hang, not a timing). */
export function settlesWithin(promise: Promise<unknown>, ms: number) {
  return Promise.race([
    promise.then(
      () => "fulfilled",
      () => "rejected",
    ),
    Bun.sleep(ms).then(() => "pending"),
  ]);
}

/** Resolves once `check` answers true, asking again every 100 ms (bound it with settlesWithin). */
export async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await Bun.sleep(100);
}
