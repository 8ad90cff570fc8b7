import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** Tests and their fixtures (`.test.ts`, `.test-helpers.ts`, `.test-support.ts`) may reach into any area. */
const TEST_FILE = /\.test(?:-[a-z]+)?\.ts$/;
const CAST = 'as unknown as';
const MAX_CASTS = 3;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !TEST_FILE.test(entry.name) ? [full] : [];
  });
}

/** Where an import specifier points inside `src`, as `core/…`, `modules/…`, `app/…` or `dev/…`. */
function target(file: string, specifier: string): string | null {
  const alias = /^#(core|modules|app|dev)\/(.*)$/.exec(specifier);
  if (alias) return `${alias[1]}/${alias[2]}`;
  if (!specifier.startsWith('.')) return null;
  return path.relative(SRC, path.resolve(path.dirname(file), specifier));
}

/** The area of a path inside `src`: the folder under `modules/`, or null outside modules/. */
const areaOf = (relative: string): string | null => /^modules\/([^/]+)\//.exec(relative)?.[1] ?? null;

type AreaGraph = Map<string, Map<string, string>>;

/** Area → the areas it imports, each edge with one import that makes it (for the failure message). */
function areaGraph(files: { file: string; text: string }[]): AreaGraph {
  const graph: AreaGraph = new Map();
  for (const { file, text } of files) {
    const from = areaOf(path.relative(SRC, file));
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      const to = target(file, specifier);
      const area = to ? areaOf(to) : null;
      if (area && area !== from && !edges.has(area))
        edges.set(area, `${path.relative(SRC, file)} imports ${specifier}`);
    }
  }
  return graph;
}

/** One cycle of the graph, as the imports that make it, or null when the graph is acyclic. */
function findCycle(graph: AreaGraph): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (area: string): string[] | null => {
    const at = onPath.indexOf(area);
    if (at >= 0) {
      const loop = [...onPath.slice(at), area];
      return loop.slice(1).map((to, i) => graph.get(loop[i] as string)?.get(to) ?? `${loop[i]} → ${to}`);
    }
    if (done.has(area)) return null;
    onPath.push(area);
    for (const next of graph.get(area)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(area);
    return null;
  };
  for (const area of graph.keys()) {
    const cycle = visit(area);
    if (cycle) return cycle;
  }
  return null;
}

const read = (dir: string) => sourceFiles(dir).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

describe('module layering: areas of modules/ import each other without a cycle', () => {
  it('the areas of modules/ form no import cycle (a shared need is registered at composition in app/)', () => {
    expect(findCycle(areaGraph(read(path.join(SRC, 'modules'))))).toBeNull();
  });

  it('sees the imports it checks: aliased, relative, multi-line, type-only and dynamic', () => {
    const file = (relative: string, text: string) => ({ file: path.join(SRC, relative), text });
    const graph = areaGraph([
      file('modules/content/a/a.ts', "import {\n  x,\n} from '#modules/processing/b/b.ts';"),
      file('modules/processing/b/b.ts', "import type { Y } from '../../tools/c/c.ts';"),
      file('modules/tools/c/c.ts', "const z = await import('#modules/content/a/a.ts');"),
      file('modules/tools/c/d.ts', "import { w } from '#core/w.ts';\nimport { v } from './e.ts';"),
    ]);
    expect([...(graph.get('tools')?.keys() ?? [])]).toEqual(['content']);
    expect(findCycle(graph)).toEqual([
      'modules/content/a/a.ts imports #modules/processing/b/b.ts',
      'modules/processing/b/b.ts imports ../../tools/c/c.ts',
      'modules/tools/c/c.ts imports #modules/content/a/a.ts',
    ]);
    graph.get('tools')?.delete('content');
    expect(findCycle(graph)).toBeNull();
  });
});

describe('type casts in server code', () => {
  it(`holds at most ${MAX_CASTS} \`${CAST}\` outside tests, each with a comment giving its reason`, () => {
    const casts: { at: string; reasoned: boolean }[] = [];
    for (const { file, text } of read(SRC)) {
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        if (!line.includes(CAST)) return;
        const reasoned = line.includes('//') || /^\s*(\/\/|\*|\/\*)/.test(lines[i - 1] ?? '');
        casts.push({ at: `${path.relative(SRC, file)}:${i + 1}`, reasoned });
      });
    }
    expect(casts.filter((cast) => !cast.reasoned).map((cast) => cast.at)).toEqual([]);
    expect(casts.length, casts.map((cast) => cast.at).join('\n')).toBeLessThanOrEqual(MAX_CASTS);
  });
});
