import { JPEG } from "../../helpers/image-fixtures.ts";
import type { MatrixRoute } from "../types.ts";

// Conversations, history and budgets are the caller's own whatever the context (history is
// never shared); a chat in a switched context needs a live grant, and its tools act within
// it (tests/chat). Model settings are owner-only. The matrix's server has no model
// configured: chats get the "not configured" 503, which comes after every permission check.
const own = { permission: "owner_only", callerOnly: {} } as const;
const asActor = { permission: "any_grant" } as const;
const settings = { permission: "owner_only" } as const;
const CONVERSATION = "00000000-0000-4000-8000-000000000001";

function photoForm() {
  const form = new FormData();
  form.append("image", new File([JPEG as Uint8Array<ArrayBuffer>], "meal.jpg"));
  form.append("kind", "meal");
  return form;
}

export const routes: MatrixRoute[] = [
  {
    ...asActor,
    method: "POST",
    path: "/api/chat",
    write: true,
    body: { message: "hi" },
    okStatus: 503,
  },
  {
    ...asActor,
    method: "POST",
    path: "/api/chat/stream",
    write: true,
    body: { message: "hi" },
    okStatus: 503,
  },
  {
    ...own,
    method: "POST",
    path: "/api/chat/food-photo",
    write: true,
    form: photoForm,
    okStatus: 503,
  },
  {
    ...own,
    method: "POST",
    path: "/api/foods/scan-label",
    write: true,
    body: { image: Buffer.from(JPEG).toString("base64") },
    okStatus: 503,
  },
  {
    ...own,
    method: "POST",
    path: "/api/ai/convert-unit",
    write: true,
    body: { foodId: "f", foodName: "Milk", fromUnit: "cup", fromAmount: 1, toUnit: "g" },
    okStatus: 503,
  },
  { ...own, method: "GET", path: "/api/chat/history", write: false },
  { ...own, method: "GET", path: `/api/chat/history/${CONVERSATION}`, write: false, okStatus: 404 },
  { ...own, method: "DELETE", path: "/api/chat/history", write: true },
  { ...own, method: "GET", path: "/api/chat/sparky-chat-history", write: false },
  { ...own, method: "POST", path: "/api/chat/clear-all-history", write: true },
  {
    ...own,
    method: "DELETE",
    path: `/api/chat/history/${CONVERSATION}`,
    write: true,
    okStatus: 404,
  },
  { ...settings, method: "GET", path: "/api/chat/settings", write: false },
  {
    ...settings,
    method: "PUT",
    path: "/api/chat/settings",
    write: true,
    body: { provider: "openai-compatible", base_url: "https://models.example/v1", model: "m" },
    okStatus: 403,
  },
  { ...settings, method: "DELETE", path: "/api/chat/settings", write: true },
];
