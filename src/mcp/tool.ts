import type { z } from "@hono/zod-openapi";
import type { Config } from "../config.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import type { Database } from "../db.ts";
import type { FamilyPermission } from "../http/permissions.ts";
import type { Logger } from "../logger.ts";

/** Who a tool acts for and with what: the same identities as an HTTP request. */
export type ToolContext = {
  config: Config;
  db: Database;
  logger: Logger;
  /** Whose data the tool works on. */
  userId: string;
  /** Who acts (the key's owner over MCP; a delegate in a switched chat context). */
  actorId: string;
  /** The data owner's IANA zone: every date a tool reads or writes is a day there. */
  timezone: string;
  /** Today in that zone (YYYY-MM-DD): the default day of every tool that takes one. */
  today: string;
};

/**
 * One assistant tool, independent of the protocol that calls it: the MCP endpoint and the
 * AI chat both run tools from this registry. `permission` and `write` are what the same
 * action needs over HTTP, so a delegate's tool use is checked like their requests.
 */
export type Tool<Input extends z.ZodObject = z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  input: Input;
  permission: FamilyPermission;
  write: boolean;
  /** Replaces or removes data: the chat assistant asks the user before it runs. */
  destructive?: boolean;
  /** Returns a JSON object: the structured result; its text form is the same JSON. */
  run(ctx: ToolContext, input: z.infer<Input>): Promise<Record<string, unknown>>;
};

/** Declares a tool with its input type inferred from its schema. */
export function defineTool<Input extends z.ZodObject>(tool: Tool<Input>): Tool {
  return tool as unknown as Tool;
}

/** A tool's optional day argument: a day in the user's zone, today when left out. */
export const dayArg = calendarDay
  .optional()
  .describe("YYYY-MM-DD in the user's time zone; default today");

/** Raised inside a tool for a problem the caller should read (not found, bad value). */
export class ToolError extends Error {}
