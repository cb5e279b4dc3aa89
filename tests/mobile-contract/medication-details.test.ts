import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import {
  expectShape,
  MEDICATION_DETAIL_FIELDS,
  SYMPTOM_ENTRY,
  USER_PREFERENCES,
} from "./shapes.ts";

// Fields that server returns on the app's medication, symptom and settings reads, which the
// app's forms send back: prescription details, symptom context, goal mode and formats.
const ctx = contractContext();

for (const credential of CREDENTIALS) {
  describe(`phone app: medication, symptom and preference fields (${credential})`, () => {
    test("a medication keeps prescriber, pharmacy, rx_number, ndc and rxnorm_rxcui", async () => {
      const as = await appUser(ctx, credential);
      const details = {
        prescriber: "Dr. Lee",
        pharmacy: "Corner Pharmacy",
        rx_number: "RX-1234",
        ndc: "0093-1048-01",
        rxnorm_rxcui: "861007",
      };
      const created = await appCall(ctx, as, "POST", "/api/v2/medications", {
        name: "Metformin",
        ...details,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject(details);
      const id = created.body.id as string;
      const read = await appCall(ctx, as, "GET", `/api/v2/medications/${id}`);
      expectShape(read.body, MEDICATION_DETAIL_FIELDS, "medication");
      expect(read.body).toMatchObject(details);
      const changed = await appCall(ctx, as, "PUT", `/api/v2/medications/${id}`, { ndc: null });
      expect(changed.body.ndc).toBeNull();
      const tooLong = await appCall(ctx, as, "PUT", `/api/v2/medications/${id}`, {
        ndc: "x".repeat(21),
      });
      expect(tooLong.status).toBe(400);
    });

    test("a symptom entry keeps severity_label, context_text and bristol_type", async () => {
      const as = await appUser(ctx, credential);
      const logged = await appCall(ctx, as, "POST", "/api/v2/symptoms/entries", {
        symptom_name_snapshot: "Bloating",
        severity: 4,
        severity_label: "moderate",
        context_text: "after lunch",
        bristol_type: 4,
        entry_date: "2026-03-10",
      });
      expect(logged.status).toBe(201);
      expectShape(logged.body, SYMPTOM_ENTRY, "symptom entry");
      const list = await appCall(
        ctx,
        as,
        "GET",
        "/api/v2/symptoms/entries?fromDate=2026-03-01&toDate=2026-03-31",
      );
      expect(list.body[0]).toMatchObject({
        severity_label: "moderate",
        context_text: "after lunch",
        bristol_type: 4,
      });
      for (const entry of list.body) expectShape(entry, SYMPTOM_ENTRY, "listed");
      const bad = await appCall(ctx, as, "POST", "/api/v2/symptoms/entries", {
        symptom_name_snapshot: "Bloating",
        severity: 4,
        bristol_type: 9,
      });
      expect(bad.status).toBe(400);
      const unknownMedication = await appCall(ctx, as, "POST", "/api/v2/symptoms/entries", {
        symptom_name_snapshot: "Bloating",
        severity: 4,
        medication_id: crypto.randomUUID(),
      });
      expect(unknownMedication.status).toBe(404);
    });

    test("preferences carry goal mode, time format and decimals, and change", async () => {
      const as = await appUser(ctx, credential);
      const read = await appCall(ctx, as, "GET", "/api/user-preferences");
      expectShape(read.body, USER_PREFERENCES, "preferences");
      expect(read.body).toMatchObject({
        goal_mode: "maintain",
        time_format: "h:mm A",
        measurement_decimal_places: 0,
      });
      const written = await appCall(ctx, as, "PUT", "/api/user-preferences", {
        goal_mode: "lose",
        goal_mode_custom_percentage: -15,
        time_format: "HH:mm",
        measurement_decimal_places: 1,
        add_exercise_water_to_goal: true,
      });
      expect(written.status).toBe(200);
      expect(written.body).toMatchObject({
        goal_mode: "lose",
        goal_mode_custom_percentage: -15,
        time_format: "HH:mm",
        measurement_decimal_places: 1,
        add_exercise_water_to_goal: true,
      });
      const bad = await appCall(ctx, as, "PUT", "/api/user-preferences", {
        measurement_decimal_places: 9,
      });
      expect(bad.status).toBe(400);
    });
  });
}
