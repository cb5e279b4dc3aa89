import { requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { requirePermission } from "../http/permissions.ts";

// Conversations, history and the request budget are always the caller's own (chat history
// is on the spec's never-shared list), whoever's data is shown; the demo account has no AI
// at all. A chat in a switched context needs a live grant, and its tools act on the
// owner's data only as far as that grant allows (see toolsForActor).
export const ownChat = () => [requireUser(), blockDemoAccount()];
export const chatAsActor = () => [
  requireUser(),
  blockDemoAccount(),
  requirePermission("any_grant", { write: true }),
];
