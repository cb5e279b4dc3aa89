import { bearer, type TestContext, type TestUser } from "../helpers/test-app.ts";

/** Uploads files to the importer as `user`, answering each file's outcome. */
export async function importFiles(
  ctx: TestContext,
  user: TestUser,
  files: [name: string, content: string | Uint8Array][],
) {
  const form = new FormData();
  for (const [name, content] of files) form.append("file", new File([content as BlobPart], name));
  const res = await ctx.request("/api/exercise-entries/import", {
    method: "POST",
    headers: bearer(user.token),
    body: form,
  });
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { files: Record<string, any>[] }).files;
}
