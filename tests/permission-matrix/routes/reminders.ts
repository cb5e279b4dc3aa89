import { createECDH, randomBytes } from "node:crypto";
import { ownerJson } from "../seeds.ts";
import type { MatrixOwner, MatrixRoute, Seeded } from "../types.ts";

const SUBS = "/api/push/subscriptions";

/**
 * A browser's PushSubscription JSON. Its push service does not exist (.invalid): the test
 * push fails at once rather than reaching anywhere.
 */
function subscription(endpoint = `https://push.service.invalid/send/${crypto.randomUUID()}`) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
}

// One endpoint, subscribed again for each caller: refused callers leave it in place, and
// renewing it adds no device (a person may subscribe 20 browsers at most).
async function seedSubscription(owner: MatrixOwner) {
  const body = subscription("https://push.service.invalid/send/matrix-browser");
  const device = await ownerJson(owner, "POST", SUBS, body);
  return { id: device.id as string, endpoint: body.endpoint };
}

// A person's browsers and their test push are theirs alone: no family member, in any
// context, and no API key.
const own = { permission: "owner_only", keyPermissions: [] } as const;

export const routes: MatrixRoute[] = [
  { ...own, method: "GET", path: "/api/push/public-key", write: false },
  { ...own, method: "GET", path: SUBS, write: false, seed: seedSubscription },
  { ...own, method: "POST", path: SUBS, write: true, body: () => subscription(), okStatus: 201 },
  {
    ...own,
    method: "DELETE",
    path: SUBS,
    write: true,
    seed: seedSubscription,
    body: (s: Seeded) => ({ endpoint: s.endpoint }),
  },
  {
    ...own,
    method: "DELETE",
    path: (s) => `${SUBS}/${s.id}`,
    write: true,
    seed: seedSubscription,
  },
  { ...own, method: "POST", path: "/api/push/test", write: true },
];
