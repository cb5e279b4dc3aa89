// Keeps the house in order: no import circle, and no import up the floors of src/
// (README, Development: "The layers").
import { describe, expect, test } from "bun:test";
import { FLOORS, floorOf } from "./floors.ts";
import { importCircles, importGraph, importsOf } from "./import-graph.ts";

const edges = importGraph();

describe("src/ imports", () => {
  test("no two files import each other, directly or round a circle (types included)", () => {
    expect(importCircles(edges)).toEqual([]);
  });

  test("no file imports a floor above its own", () => {
    const upward = edges
      .filter((edge) => floorOf(edge.to) > floorOf(edge.from))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(upward).toEqual([]);
  });

  test("every room named in the floors exists, so a renamed folder cannot slip out of the check", () => {
    const rooms = new Set(
      edges.flatMap((edge) => [edge.from, edge.to]).map((file) => file.split("/")[0]),
    );
    const missing = FLOORS.flatMap((floor) => floor.rooms).filter(
      (room) => room !== "types.d.ts" && !rooms.has(room),
    );
    expect(missing).toEqual([]);
  });

  test("the checker sees a circle and an upward import when there is one", () => {
    const circle = importCircles([
      { from: "a.ts", to: "b.ts", typeOnly: true },
      { from: "b.ts", to: "a.ts", typeOnly: false },
    ]);
    expect(circle).toEqual([["a.ts", "b.ts"]]);
    expect(floorOf("lib/x.ts")).toBeLessThan(floorOf("diary/routes.ts"));
    expect(floorOf("diary/routes.ts")).toBeLessThan(floorOf("mcp/server.ts"));
    const known = new Set(["app.ts", "http/on-error.ts", "errors.ts"]);
    expect(importsOf("app.ts", known).map((edge) => edge.to)).toContain("http/on-error.ts");
  });
});
