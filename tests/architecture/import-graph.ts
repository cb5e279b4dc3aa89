// Reads the import statements of src/ and answers two questions the layering test asks:
// which files import each other in a circle, and which imports run up the floors.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const SRC = resolve(import.meta.dir, "../../src");

/** Every .ts file under src/, as a path relative to src/ ("http/context.ts"). */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [relative(SRC, path)] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["'](\.[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.[^"']+)["']\s*\)/g;

export interface ImportEdge {
  from: string;
  to: string;
  /** `import type`: erased at build time, so it cannot make a load-order circle. */
  typeOnly: boolean;
}

/** The relative imports of one file, resolved to files under src/. */
export function importsOf(file: string, known: Set<string>): ImportEdge[] {
  const text = readFileSync(join(SRC, file), "utf8");
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const base = join(dirname(file), specifier).replace(/\.js$/, "");
    const target = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((c) =>
      known.has(c),
    );
    if (target) edges.push({ from: file, to: target, typeOnly });
  };
  for (const match of text.matchAll(IMPORT)) add(match[2]!, Boolean(match[1]));
  for (const match of text.matchAll(DYNAMIC_IMPORT)) add(match[1]!, false);
  return edges;
}

export function importGraph(): ImportEdge[] {
  const files = sourceFiles();
  const known = new Set(files);
  return files.flatMap((file) => importsOf(file, known));
}

/** Groups of files that import each other (Tarjan's strongly connected components). */
export function importCircles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return circles;
}
