// The floors of src/, lowest first. A file may import its own floor and the ones below it;
// an import up the floors is a helper in the wrong place (move it down, usually to lib/).
export const FLOORS: { name: string; rooms: string[] }[] = [
  {
    name: "foundations",
    rooms: ["lib", "storage", "config.ts", "errors.ts", "logger.ts", "version.ts", "types.d.ts"],
  },
  { name: "database and credentials", rooms: ["database", "db.ts", "credentials"] },
  { name: "http", rooms: ["http"] },
  {
    name: "features",
    rooms: [
      "health-data",
      "mcp",
      "chat",
      "provider-sync",
      "sparkyfitness-import",
      "app-imports",
      "activity-files",
      "export",
      "operations",
      "admin",
      "system",
    ],
  },
  { name: "app", rooms: ["app.ts", "server.ts", "docs", "static"] },
  { name: "command line", rooms: ["cli", "main.ts"] },
];

/** Rooms not listed above are domains (diary, foods, workouts ...), a floor between http and features. */
export const DOMAIN_FLOOR = 2.5;

export function floorOf(file: string): number {
  const room = file.split("/")[0]!;
  const index = FLOORS.findIndex((floor) => floor.rooms.includes(room));
  return index === -1 ? DOMAIN_FLOOR : index;
}
