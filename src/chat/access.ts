import { requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { access } from "../http/route-kit.ts";

// Conversations, history and the request budget are always the caller's own (chat history
// is on the spec's never-shared list), whoever's data is shown; the demo account has no AI
// at all. A chat in a switched context needs a live grant, and its tools act on the
// owner's data only as far as that grant allows (see toolsForActor).
export const ownChat = (write: boolean) => [
  requireUser([write ? "data_write" : "data_read"]),
  blockDemoAccount(),
];
export const chatAsActor = () => [access("any_grant", true), blockDemoAccount()];
