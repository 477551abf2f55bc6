// The folder → folder import graph of apps/server/src, and its cycles. `npx tsx scripts/server-deps.ts`
// prints one `from → to` edge per line (with how many imports make it); scripts/server-deps.test.ts fails
// CI when the folders form a cycle. Test code is left out: tests drive the whole app through test/harness.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
/** Files directly in src/ (app.ts, main.ts, schema.ts): the composition root that wires every folder. */
export const root = '(root)';

const isTestCode = (rel: string) =>
  /\.test\.tsx?$/.test(rel) || /(^|[/-])testing\.ts$/.test(rel) || rel.startsWith('test/');

function sourceFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(dir, child);
    return /\.tsx?$/.test(entry.name) && !isTestCode(child) ? [child] : [];
  });
}

const folderOf = (rel: string) => (rel.includes('/') ? (rel.split('/')[0] ?? root) : root);

/** `from → to → number of imports`, for imports between different folders of apps/server/src. */
export function folderEdges(dir = serverSrc): Map<string, Map<string, number>> {
  const edges = new Map<string, Map<string, number>>();
  for (const file of sourceFiles(dir)) {
    const from = folderOf(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(dir, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path
        .relative(dir, path.resolve(dir, path.dirname(file), fileName))
        .split(path.sep)
        .join('/');
      if (target.startsWith('..')) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const out = edges.get(from) ?? new Map<string, number>();
      out.set(to, (out.get(to) ?? 0) + 1);
      edges.set(from, out);
    }
  }
  return edges;
}

/** Groups of folders that reach each other (Tarjan's strongly connected components of two or more). */
export function folderCycles(edges: Map<string, Map<string, number>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const edges = folderEdges();
  const lines = [...edges].flatMap(([from, out]) => [...out].map(([to, n]) => `${from} → ${to} (${n})`));
  console.log(lines.sort().join('\n'));
  const cycles = folderCycles(edges);
  console.log(cycles.length ? `cycles: ${cycles.map((c) => c.join(' ⇄ ')).join('; ')}` : 'no cycles');
}
