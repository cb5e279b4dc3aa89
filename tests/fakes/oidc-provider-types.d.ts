// oidc-provider ships no type declarations; the little the fake provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  type KoaContext = { path: string; body: unknown };
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
