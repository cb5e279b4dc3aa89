import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { connectMcp } from "./mcp-client.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

describe("exercise tools", () => {
  test("log_exercise logs by name; get_exercise_diary reads it back", async () => {
    const user = await ctx.createUser();
    const mcp = await connectMcp(
      "http://app.local",
      await ctx.createApiKey(user.id, ["mcp"]),
      ctx.request,
    );
    try {
      const names = (await mcp.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(
        expect.arrayContaining(["log_exercise", "get_exercise_diary", "get_workout_details"]),
      );

      const logged = await mcp.call("log_exercise", {
        exercise: "barbell back squat",
        date: "2026-03-02",
        sets: [
          { reps: 5, weight: 100 },
          { set_type: "warm-up", reps: 8, weight: 60 },
        ],
      });
      expect(logged.isError).toBeFalsy();
      expect(logged.structuredContent!.entry).toMatchObject({
        exercise_name: "Barbell Back Squat",
        entry_date: "2026-03-02",
      });
      expect((logged.structuredContent!.personal_records as unknown[]).length).toBeGreaterThan(0);
      const run = await mcp.call("log_exercise", {
        exercise: "Running",
        date: "2026-03-02",
        duration_minutes: 30,
        distance_km: 5,
      });
      expect(run.structuredContent!.entry).toMatchObject({ calories_burned: 343, distance: 5 });

      const diary = await mcp.call("get_exercise_diary", { date: "2026-03-02" });
      expect(
        (diary.structuredContent!.entries as { exercise_name: string }[]).map(
          (e) => e.exercise_name,
        ),
      ).toEqual(["Barbell Back Squat", "Running"]);
      const unknown = await mcp.call("log_exercise", {
        exercise: "Quidditch",
        duration_minutes: 5,
      });
      expect(unknown.isError).toBe(true);
      const bad = await mcp.call("log_exercise", { exercise: "Running", date: "2026-02-30" });
      expect(bad.isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });
});
