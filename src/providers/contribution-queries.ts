import type { Database, Tx } from "../db.ts";

export type ContributionState =
  "draft" | "previewed" | "publishing" | "published" | "uncertain" | "failed";

export type ContributionRow = {
  id: string;
  food_id: string;
  state: ContributionState;
  photo: string;
  photo_type: string;
  language: string;
  preview: Record<string, string> | null;
  preview_expires_at: Date | null;
  confirmed_accuracy: boolean;
  confirmed_photo_rights: boolean;
  result_message: string | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = [
  "id",
  "food_id",
  "state",
  "photo",
  "photo_type",
  "language",
  "preview",
  "preview_expires_at",
  "confirmed_accuracy",
  "confirmed_photo_rights",
  "result_message",
  "published_at",
  "created_at",
  "updated_at",
];

/** Whether an administrator switched contributions on for this server. */
export async function contributionsEnabled(db: Database): Promise<boolean> {
  const [row] = await db.withAnonymous(
    (tx) => tx<{ enabled: boolean }[]>`select enabled from off_contribution_settings`,
  );
  return row?.enabled ?? false;
}

/** Admin: switches contributions on or off (owner connection; the row is admin-only). */
export async function setContributionsEnabled(db: Database, enabled: boolean): Promise<void> {
  await db.owner`update off_contribution_settings set enabled = ${enabled}, updated_at = now()`;
}

export async function findContribution(tx: Tx, userId: string, foodId: string) {
  const [row] = await tx<ContributionRow[]>`
    select ${tx(COLUMNS)} from off_contributions where user_id = ${userId} and food_id = ${foodId}`;
  return row ?? null;
}

/** Writes the draft's photo, type and language; the preview and both confirmations go. */
export async function saveDraft(
  tx: Tx,
  userId: string,
  foodId: string,
  draft: { photo: string; photo_type: string; language: string },
) {
  const [row] = await tx<ContributionRow[]>`
    insert into off_contributions (user_id, food_id, photo, photo_type, language)
    values (${userId}, ${foodId}, ${draft.photo}, ${draft.photo_type}, ${draft.language})
    on conflict (food_id) do update set
      photo = excluded.photo, photo_type = excluded.photo_type, language = excluded.language,
      state = 'draft', preview = null, preview_expires_at = null,
      confirmed_accuracy = false, confirmed_photo_rights = false, result_message = null,
      updated_at = now()
    returning ${tx(COLUMNS)}`;
  return row!;
}

/** A new preview: valid ten minutes, both confirmations unchecked. */
export async function savePreview(tx: Tx, id: string, preview: Record<string, string>) {
  const [row] = await tx<ContributionRow[]>`
    update off_contributions set state = 'previewed', preview = ${tx.json(preview)},
           preview_expires_at = now() + interval '10 minutes',
           confirmed_accuracy = false, confirmed_photo_rights = false, result_message = null,
           updated_at = now()
     where id = ${id} returning ${tx(COLUMNS)}`;
  return row!;
}

export async function saveConfirmations(
  tx: Tx,
  id: string,
  confirmations: { data_accuracy: boolean; photo_rights: boolean },
) {
  const [row] = await tx<ContributionRow[]>`
    update off_contributions set confirmed_accuracy = ${confirmations.data_accuracy},
           confirmed_photo_rights = ${confirmations.photo_rights}, updated_at = now()
     where id = ${id} returning ${tx(COLUMNS)}`;
  return row!;
}

/**
 * Claims the one publish attempt: only a valid, confirmed preview moves to 'publishing',
 * and only while none of the user's contributions is publishing (one product at a time).
 * Null when the claim is lost.
 */
export async function claimPublish(tx: Tx, userId: string, id: string) {
  const [row] = await tx<ContributionRow[]>`
    update off_contributions set state = 'publishing', updated_at = now()
     where id = ${id} and state = 'previewed' and preview_expires_at > now()
       and confirmed_accuracy and confirmed_photo_rights
       and not exists (select 1 from off_contributions o
                        where o.user_id = ${userId} and o.state = 'publishing')
    returning ${tx(COLUMNS)}`;
  return row ?? null;
}

export async function finishPublish(
  tx: Tx,
  id: string,
  state: "published" | "uncertain" | "failed",
  message: string,
) {
  const [row] = await tx<ContributionRow[]>`
    update off_contributions set state = ${state}, result_message = ${message},
           published_at = case when ${state} = 'failed' then null else now() end,
           updated_at = now()
     where id = ${id} returning ${tx(COLUMNS)}`;
  return row!;
}

export async function deleteContribution(tx: Tx, id: string) {
  await tx`delete from off_contributions where id = ${id}`;
}
