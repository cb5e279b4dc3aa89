import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import { expectShape, NUTRIENT_DISPLAY_PREFERENCE } from "./shapes.ts";

// The phone app's nutrient display settings (Settings > Nutrients, the Diary's pills).
const ctx = contractContext();

const PATH = "/api/preferences/nutrient-display";

for (const credential of CREDENTIALS) {
  describe(`phone app: nutrient display preferences (${credential})`, () => {
    test("GET answers every group and platform; PUT replaces one list and reads back", async () => {
      const as = await appUser(ctx, credential);
      const before = await appCall(ctx, as, "GET", PATH);
      expect(before.status).toBe(200);
      for (const p of before.body) expectShape(p, NUTRIENT_DISPLAY_PREFERENCE, "preference");
      const diary = before.body.find(
        (p: { view_group: string; platform: string }) =>
          p.view_group === "diary" && p.platform === "mobile",
      );
      expect(diary.visible_nutrients).toEqual([]);
      expect(before.body.length).toBe(13);

      const put = await appCall(ctx, as, "PUT", `${PATH}/diary/mobile`, {
        visible_nutrients: ["sodium", "iron", "sodium"],
      });
      expect(put.status).toBe(200);
      expectShape(put.body, NUTRIENT_DISPLAY_PREFERENCE, "saved");
      expect(put.body).toEqual({
        view_group: "diary",
        platform: "mobile",
        visible_nutrients: ["sodium", "iron"],
      });
      const again = await appCall(ctx, as, "PUT", `${PATH}/diary/mobile`, {
        visible_nutrients: [],
      });
      expect(again.body.visible_nutrients).toEqual([]);
      await appCall(ctx, as, "PUT", `${PATH}/summary/desktop`, { visible_nutrients: ["calories"] });
      const after = await appCall(ctx, as, "GET", PATH);
      expect(after.body.length).toBe(13);
      const summary = after.body.find(
        (p: { view_group: string; platform: string }) =>
          p.view_group === "summary" && p.platform === "desktop",
      );
      expect(summary.visible_nutrients).toEqual(["calories"]);
    });

    test("bad input: 400 with an error, nothing changed", async () => {
      const as = await appUser(ctx, credential);
      for (const [path, body] of [
        [`${PATH}/diary/tablet`, { visible_nutrients: ["iron"] }],
        [`${PATH}/Diary!/mobile`, { visible_nutrients: ["iron"] }],
        [`${PATH}/diary/mobile`, { visible_nutrients: "iron" }],
        [`${PATH}/diary/mobile`, {}],
      ] as const) {
        const res = await appCall(ctx, as, "PUT", path, body);
        expect(res.status).toBe(400);
        expect(typeof res.body.error).toBe("string");
      }
      const after = await appCall(ctx, as, "GET", PATH);
      expect(after.body.every((p: { view_group: string }) => p.view_group !== "Diary!")).toBe(true);
    });
  });
}
