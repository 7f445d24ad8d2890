// npm run services:check — the import graph of server/services, folder by folder (ARCHITECTURE.md,
// "One public face per service"). Fails when the graph has a cycle, or when a service imports
// another's file other than its face (index.ts). Prints the layers otherwise: each service above
// every service it imports.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Graph = Map<string, Set<string>>;

export interface CrossImport {
  from: string;
  /** The imported path as written, e.g. ../users/queries.ts. */
  target: string;
  service: string;
  typeOnly: boolean;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?"(\.\.\/([a-z-]+)\/[^"]+)"/gm;

/** The imports of one service file that reach into another service folder. */
export function crossImports(file: string, source: string, service: string): CrossImport[] {
  const found: CrossImport[] = [];
  for (const m of source.matchAll(IMPORT)) {
    if (m[3] === service) continue;
    found.push({ from: file, target: m[2], service: m[3], typeOnly: !!m[1] });
  }
  return found;
}

/** Strongly connected components of more than one node (Tarjan): every cycle, as its members. */
export function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** Layer of each service in an acyclic graph: 0 for those importing no other, else 1 + the highest below. */
export function layers(graph: Graph): Map<string, number> {
  const layer = new Map<string, number>();
  const of = (v: string): number => {
    const known = layer.get(v);
    if (known !== undefined) return known;
    let l = 0;
    for (const w of graph.get(v) ?? []) l = Math.max(l, of(w) + 1);
    layer.set(v, l);
    return l;
  };
  for (const v of graph.keys()) of(v);
  return layer;
}

/** Reads server/services: the graph (type imports count: they tie the folders as much) and every cross import. */
export function readServices(root: string): { graph: Graph; imports: CrossImport[] } {
  const graph: Graph = new Map();
  const imports: CrossImport[] = [];
  for (const service of fs.readdirSync(root).sort()) {
    const dir = path.join(root, service);
    if (!fs.statSync(dir).isDirectory()) continue;
    const edges = new Set<string>();
    graph.set(service, edges);
    for (const name of fs.readdirSync(dir)) {
      if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
      const file = path.join(dir, name);
      for (const imp of crossImports(file, fs.readFileSync(file, "utf8"), service)) {
        imports.push(imp);
        edges.add(imp.service);
      }
    }
  }
  for (const edges of graph.values()) for (const w of edges) if (!graph.has(w)) graph.set(w, new Set());
  return { graph, imports };
}

function main() {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "server", "services");
  const { graph, imports } = readServices(root);
  const problems: string[] = [];
  for (const imp of imports) {
    if (path.basename(imp.target) !== "index.ts") {
      problems.push(
        `${path.relative(process.cwd(), imp.from)} imports ${imp.target}: use ../${imp.service}/index.ts`,
      );
    }
  }
  for (const cycle of cycles(graph))
    problems.push(`services import each other in a cycle: ${cycle.join(", ")}`);
  if (problems.length) {
    console.error(problems.join("\n"));
    console.error(
      `\n${problems.length} problem(s) in the service graph (docs/ARCHITECTURE.md, "One public face per service").`,
    );
    process.exit(1);
  }
  const byLayer = new Map<number, string[]>();
  for (const [service, l] of layers(graph)) byLayer.set(l, [...(byLayer.get(l) ?? []), service].sort());
  const edges = [...graph.values()].reduce((n, e) => n + e.size, 0);
  console.log(
    `service graph: ${graph.size} services, ${edges} edges, no cycles, every import through a face`,
  );
  for (const l of [...byLayer.keys()].sort((a, b) => a - b))
    console.log(`  layer ${l}: ${byLayer.get(l)!.join(" ")}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
