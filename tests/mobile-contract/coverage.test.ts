import { describe, expect, test } from "bun:test";
import { callsMade } from "./calls-made.ts";
import { isCall, referenceCalls } from "./reference-calls.ts";

// The contract is every call of the phone app: a call of the reference (mobile-app-api.md, a
// copy of the shared reference) that no contract test makes fails here, by name.
describe("phone app contract coverage", () => {
  test("the reference lists the app's calls", () => {
    expect(referenceCalls().length).toBeGreaterThan(140);
  });

  test("every call of the reference is made by some contract test", () => {
    const made = callsMade();
    const missing = referenceCalls()
      .filter((call) => !made.some((m) => isCall(call, m.method, m.url)))
      .map((call) => `${call.method} ${call.template} ${call.query.join("&")}`.trim());
    expect(missing).toEqual([]);
  });
});
