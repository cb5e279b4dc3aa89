import { ZodError } from "zod";
import { describeZodError, HttpError } from "../errors.ts";
import type { Tool, ToolContext } from "./tool.ts";
import { ToolError } from "./tool.ts";

export type ToolOutcome =
  { ok: true; result: Record<string, unknown> } | { ok: false; error: string };

/**
 * Validates a tool's arguments and runs it. Bad arguments never reach the database; a
 * domain's HttpError or a ToolError comes back as its message; anything else is logged and
 * answered with a generic message, so SQL and stack traces never reach a model.
 */
export async function runTool(tool: Tool, ctx: ToolContext, args: unknown): Promise<ToolOutcome> {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    return {
      ok: false,
      error: `Invalid arguments for ${tool.name}: ${describeZodError(parsed.error)}`,
    };
  }
  try {
    return { ok: true, result: await tool.run(ctx, parsed.data) };
  } catch (error) {
    if (error instanceof ToolError || error instanceof HttpError) {
      return { ok: false, error: error.message };
    }
    if (error instanceof ZodError) return { ok: false, error: describeZodError(error) };
    ctx.logger.error("tool failed", { tool: tool.name, error: (error as Error).message });
    return { ok: false, error: `The ${tool.name} tool failed unexpectedly; nothing was changed.` };
  }
}
