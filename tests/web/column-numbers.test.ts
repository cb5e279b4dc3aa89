import { describe, expect, test } from "bun:test";
import { columnNumbers } from "../../web/lib/units.ts";

// A table column reads alike down its rows: 78.0 beside 78.5, not 78 beside 78.5.
describe("columnNumbers", () => {
  test("one decimal on every value once any value has one", () => {
    const format = columnNumbers([78, 78.5, 77.96]);
    expect([78, 78.5, 77.96].map(format)).toEqual(["78.0", "78.5", "78.0"]);
  });

  test("whole numbers when every value rounds to a whole one", () => {
    const format = columnNumbers([6000, 8731, 24.96]);
    expect([6000, 24.96].map(format)).toEqual([(6000).toLocaleString(), "25"]);
  });
});
