import { zipSync } from "fflate";
import type { MatrixRoute } from "../types.ts";

/** The smallest valid export archive: a manifest listing nothing. */
function emptyArchive(): FormData {
  const manifest = {
    format: "fitness-export",
    format_version: 1,
    app_version: "test",
    exported_at: new Date().toISOString(),
    source_user_id: crypto.randomUUID(),
    counts: {},
    files: 0,
    entries: [],
  };
  const zip = zipSync({ "manifest.json": new TextEncoder().encode(JSON.stringify(manifest)) });
  const form = new FormData();
  form.set("file", new File([zip as Uint8Array<ArrayBuffer>], "export.zip"));
  return form;
}

// One's own data out and in: never shared, whatever the grant.
export const routes: MatrixRoute[] = [
  { method: "GET", path: "/api/export", permission: "owner_only", write: false },
  {
    method: "POST",
    path: "/api/import",
    permission: "owner_only",
    write: true,
    form: emptyArchive,
  },
];
