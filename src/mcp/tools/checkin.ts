import { z } from "@hono/zod-openapi";
import { findCheckIn, upsertCheckIn } from "../../checkin/queries.ts";
import { measurementFieldsSchema, presentFields } from "../../checkin/schemas.ts";
import { dayArg, defineTool, ToolError } from "../tool.ts";

export const logCheckin = defineTool({
  name: "log_checkin",
  title: "Log body measurements",
  description:
    "Records the day's check-in: weight (kg), height (cm), body fat (%), neck/waist/hips (cm), steps, muscle and bone mass (kg), body water (%), BMR (kcal). Only the fields given change; null clears one.",
  input: measurementFieldsSchema.extend({ date: dayArg }),
  permission: "can_manage_checkin",
  write: true,
  async run(ctx, { date, ...fields }) {
    if (presentFields(fields).length === 0) throw new ToolError("Give at least one measurement.");
    const day = date ?? ctx.today;
    const row = await ctx.db.withUser(
      ctx.userId,
      (tx) => upsertCheckIn(tx, ctx.userId, day, fields),
      ctx.actorId,
    );
    return { checkin: row };
  },
});

export const getCheckin = defineTool({
  name: "get_checkin",
  title: "Read body measurements",
  description: "The check-in measurements of one day (default today), or null when none.",
  input: z.object({ date: dayArg }),
  permission: "can_manage_checkin",
  write: false,
  async run(ctx, { date }) {
    const day = date ?? ctx.today;
    const row = await ctx.db.withUser(
      ctx.userId,
      (tx) => findCheckIn(tx, ctx.userId, day),
      ctx.actorId,
    );
    return { date: day, checkin: row };
  },
});
