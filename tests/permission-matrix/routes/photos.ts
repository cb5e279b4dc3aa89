import { PNG } from "../../helpers/image-fixtures.ts";
import type { MatrixOwner, MatrixRoute } from "../types.ts";
import { ownerJson } from "../seeds.ts";

const PHOTOS = "/api/measurements/check-in-photos";
const DAY = "2026-03-01";

function photoForm() {
  const form = new FormData();
  form.append("photo", new File([PNG], "front.png", { type: "image/png" }));
  return form;
}

async function seedPhoto(owner: MatrixOwner) {
  const row = await ownerJson(owner, "POST", `${PHOTOS}/${DAY}/front`, photoForm());
  return { id: row.id as string };
}

// Photos are not read-downgraded: every row, reads included, needs can_manage_checkin.
const photo = { permission: "checkin_photos", seed: seedPhoto } as const;

export const routes: MatrixRoute[] = [
  { ...photo, method: "GET", path: PHOTOS, write: false },
  { ...photo, method: "GET", path: `${PHOTOS}/dates`, write: false },
  { ...photo, method: "GET", path: `${PHOTOS}/${DAY}`, write: false },
  { ...photo, method: "GET", path: (s) => `${PHOTOS}/file/${s.id}`, write: false },
  { ...photo, method: "POST", path: `${PHOTOS}/${DAY}/side`, write: true, form: photoForm },
  {
    ...photo,
    method: "DELETE",
    path: (s) => `${PHOTOS}/photo/${s.id}`,
    write: true,
    okStatus: 204,
  },
];
