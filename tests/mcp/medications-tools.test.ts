import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { connectMcp } from "./mcp-client.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

describe("log_medication_dose", () => {
  test("logs a dose by name, linked to the day's open scheduled dose", async () => {
    const user = await ctx.createUser();
    const rest = async (method: string, path: string, body?: unknown) =>
      (await ctx.request(path, jsonRequest(method, user.token, body))).json() as Promise<any>;
    const med = await rest("POST", "/api/v2/medications", {
      name: "Metformin",
      dose_amount: 500,
      dose_unit: "mg",
    });
    const schedule = await rest("POST", `/api/v2/medications/${med.id}/schedules`, {
      schedule_type_id: "daily",
      time_of_day: "08:00",
      start_date: "2026-03-01",
    });
    const mcp = await connectMcp(
      "http://app.local",
      await ctx.createApiKey(user.id, ["mcp"]),
      ctx.request,
    );
    try {
      const logged = await mcp.call("log_medication_dose", {
        medication: "metformin",
        date: "2026-03-02",
        taken_at: "2026-03-02T08:10:00Z",
      });
      expect(logged.isError).toBeFalsy();
      expect(logged.structuredContent!.entry).toMatchObject({
        medication_id: med.id,
        schedule_id: schedule.id,
        status: "taken",
        entry_date: "2026-03-02",
        dose_amount_snapshot: 500,
      });
      const adherence = await rest(
        "GET",
        "/api/v2/medications/adherence?fromDate=2026-03-02&toDate=2026-03-02",
      );
      expect(adherence.medications[0]).toMatchObject({ expected: 1, taken: 1 });

      const unknown = await mcp.call("log_medication_dose", { medication: "Aspirin" });
      expect(unknown.isError).toBe(true);
      expect(unknown.content[0]!.text).toContain('No medication named "Aspirin"');
    } finally {
      await mcp.close();
    }
  });
});
