import { z } from "@hono/zod-openapi";
import { calendarDay } from "../../lib/calendar-day.ts";
import { isUuid } from "../../http/path-params.ts";
import { findMedication, findMedicationByName } from "../../medications/queries.ts";
import { dueDoses, logDose } from "../../medications/service.ts";
import { defineTool, ToolError } from "../tool.ts";

export const logMedicationDose = defineTool({
  name: "log_medication_dose",
  title: "Log a medication dose",
  description:
    "Records a dose of one of the user's medications or supplements as taken (default), skipped or late. The dose is linked to that day's scheduled dose still open, so adherence counts it.",
  input: z.object({
    medication: z.string().trim().min(1).describe("The medication's name or id"),
    status: z.enum(["taken", "skipped", "late"]).optional(),
    taken_at: z.iso.datetime({ offset: true }).optional().describe("When; default now"),
    date: calendarDay.optional().describe("YYYY-MM-DD in the user's time zone; default today"),
    notes: z.string().max(2000).optional(),
  }),
  permission: "can_manage_medications",
  write: true,
  async run(ctx, { medication, date, ...dose }) {
    const day = date ?? ctx.today;
    const entry = await ctx.db.withUser(
      ctx.userId,
      async (tx) => {
        const found = isUuid(medication)
          ? await findMedication(tx, ctx.userId, medication)
          : await findMedicationByName(tx, ctx.userId, medication);
        if (!found) throw new ToolError(`No medication named "${medication}".`);
        // The first of the day's scheduled doses of it that has no entry yet, if any.
        const open = (await dueDoses(tx, ctx.userId, day, new Date())).find(
          (slot) => slot.medication_id === found.id && slot.entry_id === null,
        );
        return logDose(tx, ctx.userId, found, {
          ...dose,
          medication_id: found.id,
          schedule_id: open?.schedule_id ?? null,
          scheduled_for: open?.scheduled_for.toISOString() ?? null,
          entry_date: day,
        });
      },
      ctx.actorId,
    );
    return { entry };
  },
});
