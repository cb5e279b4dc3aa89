import { signal } from "@preact/signals";
import { get } from "../../api/client.ts";
import type { Photo, PhotoType } from "../../api/types.ts";

export const ANGLES: PhotoType[] = ["front", "side", "back"];

/** Every photo of the account; reloaded after an upload so gallery and compare update. */
export const photos = signal<Photo[] | null>(null);

export async function reloadPhotos(): Promise<void> {
  photos.value = await get<Photo[]>("/api/measurements/check-in-photos");
}

export function photoUrl(photo: Photo): string {
  return `/api/measurements/check-in-photos/file/${photo.id}`;
}

/** Photos grouped by day, newest day first. */
export function photosByDay(list: Photo[]): [string, Photo[]][] {
  const days = new Map<string, Photo[]>();
  for (const photo of list)
    days.set(photo.entry_date, [...(days.get(photo.entry_date) ?? []), photo]);
  return [...days.entries()];
}
