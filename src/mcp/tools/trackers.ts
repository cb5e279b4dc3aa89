import { z } from "@hono/zod-openapi";
import type { Tx } from "../../db.ts";
import { GOAL_COLUMNS, goalValuesSchema } from "../../goals/goal-values.ts";
import { goalsForDays } from "../../goals/goals-for-days.ts";
import { setTimelineGoal } from "../../goals/queries.ts";
import { beginFast, finishFast } from "../../trackers/fasting-actions.ts";
import {
  endFastInput,
  logWaterInput,
  moodNotes,
  moodTags,
  moodValue,
  sleepInput,
  startFastInput,
} from "../../trackers/inputs.ts";
import { saveManualMood } from "../../trackers/mood-queries.ts";
import { createSleep } from "../../trackers/sleep-queries.ts";
import { logWater as logWaterEntry } from "../../trackers/water-log.ts";
import { dayArg, defineTool, ToolError, type ToolContext } from "../tool.ts";

/** Runs `work` in the owner's transaction, as the tool's actor. */
const inUserTx = <T>(ctx: ToolContext, work: (tx: Tx) => Promise<T>) =>
  ctx.db.withUser(ctx.userId, work, ctx.actorId);

export const logWater = defineTool({
  name: "log_water",
  title: "Log water",
  description:
    "Adds water drunk on a day (default today): amount_ml millilitres, or a number of drinks of a water container (the primary one unless container_id is given). Negative values take back. Answers the day's new total.",
  input: z.object({
    amount_ml: z.number().optional().describe("Millilitres; give this or drinks"),
    drinks: z.number().int().optional().describe("Drinks of the container; give this or amount_ml"),
    container_id: z.number().int().optional(),
    date: dayArg,
  }),
  permission: "can_manage_diary",
  write: true,
  async run(ctx, { amount_ml, drinks, container_id, date }) {
    const input = logWaterInput.parse({
      entry_date: date ?? ctx.today,
      water_ml: amount_ml,
      change_drinks: drinks,
      container_id,
    });
    return { water: await inUserTx(ctx, (tx) => logWaterEntry(tx, ctx.userId, input)) };
  },
});

export const getGoals = defineTool({
  name: "get_goals",
  title: "Goals of a day",
  description:
    "The goals in force on a day (default today): calories, protein, carbs, fat, fibre, water, steps, exercise, and where they come from (a weekly plan, the dated goal timeline, or the defaults).",
  input: z.object({ date: dayArg }),
  permission: "can_manage_diary",
  write: false,
  async run(ctx, { date }) {
    const day = date ?? ctx.today;
    const goals = await inUserTx(ctx, (tx) => goalsForDays(tx, ctx.userId, day, day));
    return { date: day, goals: goals.get(day) };
  },
});

export const setGoals = defineTool({
  name: "set_goals",
  title: "Set goals",
  description:
    "Sets goals from a day (default today) until the next dated goal: calories (kcal), protein, carbs and fat in grams (or *_percentage of calories), dietary_fiber, water_goal_ml, steps, target_weight, exercise minutes and calories. Only the values given change; null clears one.",
  input: goalValuesSchema.extend({ date: dayArg }),
  permission: "can_manage_diary",
  write: true,
  async run(ctx, { date, ...values }) {
    if (!GOAL_COLUMNS.some((k) => values[k] !== undefined)) {
      throw new ToolError("Give at least one goal value.");
    }
    const day = date ?? ctx.today;
    const goals = await inUserTx(ctx, async (tx) => {
      await setTimelineGoal(tx, ctx.userId, day, values);
      return goalsForDays(tx, ctx.userId, day, day);
    });
    return { date: day, goals: goals.get(day) };
  },
});

export const logSleep = defineTool({
  name: "log_sleep",
  title: "Log sleep",
  description:
    "Records a night (or nap) from bedtime to wake_time (ISO 8601 with offset), optionally with stages (awake, rem, light, deep, in_bed, unknown). It counts for the day of waking in the user's time zone unless entry_date is given.",
  input: sleepInput,
  permission: "can_manage_checkin",
  write: true,
  async run(ctx, input) {
    const entry = await inUserTx(ctx, (tx) =>
      createSleep(tx, ctx.userId, {
        ...input,
        record_timezone: input.record_timezone ?? ctx.timezone,
      }),
    );
    return { entry };
  },
});

export const logMood = defineTool({
  name: "log_mood",
  title: "Log mood",
  description:
    "Records the day's mood (default today) on a 1 (worst) to 10 (best) scale, with optional mood tags and notes. Logging again the same day replaces it.",
  input: z.object({
    mood_value: moodValue,
    tags: moodTags.optional(),
    notes: moodNotes.optional(),
    date: dayArg,
  }),
  permission: "can_manage_checkin",
  write: true,
  async run(ctx, { mood_value, tags, notes, date }) {
    const entry = await inUserTx(ctx, (tx) =>
      saveManualMood(tx, ctx.userId, {
        entry_date: date ?? ctx.today,
        mood_value,
        mood_tags: tags ?? [],
        notes: notes ?? null,
      }),
    );
    return { entry };
  },
});

export const startFast = defineTool({
  name: "start_fast",
  title: "Start a fast",
  description:
    "Starts a fast now (or at start_time) of a planned type: 16:8, 18:6, 20:4, OMAD, or custom with target_hours. Only one fast runs at a time.",
  input: startFastInput,
  permission: "can_manage_checkin",
  write: true,
  async run(ctx, input) {
    return { fast: await inUserTx(ctx, (tx) => beginFast(tx, ctx.userId, input)) };
  },
});

export const endFast = defineTool({
  name: "end_fast",
  title: "End the fast",
  description:
    "Ends the running fast now (or at end_time) as completed, or as cancelled with status CANCELLED. Answers the fast with its duration.",
  input: endFastInput,
  permission: "can_manage_checkin",
  write: true,
  async run(ctx, input) {
    return { fast: await inUserTx(ctx, (tx) => finishFast(tx, ctx.userId, input)) };
  },
});
