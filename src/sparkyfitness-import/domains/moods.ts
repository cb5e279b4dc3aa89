import { copyTable } from "../run/copy-rows.ts";
import type { SourceRow } from "../run/context.ts";

// The moods a person added to the list.
export const customMoods = copyTable(
  "user_custom_moods",
  "custom_moods",
  ["name", "display_name", "icon", "color"],
  (u) => u.src<SourceRow[]>`
    select id, name, display_name, icon, color from public.user_custom_moods
     where user_id = ${u.userId}`,
);
