/** A window as consecutive day ranges of at most `days` days (services cap each query). */
export function dayRanges(start: Date, end: Date, days: number): { from: string; to: string }[] {
  const ranges: { from: string; to: string }[] = [];
  const last = end.toISOString().slice(0, 10);
  for (let from = new Date(start.toISOString().slice(0, 10)); ;) {
    const to = new Date(from.getTime() + (days - 1) * 86_400_000);
    const toDay = to.toISOString().slice(0, 10) < last ? to.toISOString().slice(0, 10) : last;
    ranges.push({ from: from.toISOString().slice(0, 10), to: toDay });
    if (toDay === last) return ranges;
    from = new Date(to.getTime() + 86_400_000);
  }
}

/** "2026-03-01T23:10:00.000" (a service's local wall time) at a fixed UTC offset, as an instant. */
export function localToInstant(local: string, offsetMinutes: number): string {
  const wall = Date.parse(`${local.slice(0, 19)}Z`);
  return new Date(wall - offsetMinutes * 60_000).toISOString();
}
