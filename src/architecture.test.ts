// The import graph of src/: every import goes to the same or a lower layer (docs/ARCHITECTURE.md
// lists them), and no modules import each other in a circle. Imports are read with
// es-module-lexer (type-only imports and `import('...')` types count too).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers, lowest first. A module belongs to the layer of the longest prefix of its path
 * (relative to src/) listed here; a module matched by none fails the test.
 */
export const LAYERS: string[][] = [
  ['lib/'],
  ['types/', 'workflow/'],
  ['state/'],
  ['auth/', 'blobs/'],
  ['domain/'],
  ['catalog/'],
  ['changes/', 'stores/'],
  ['http/types.ts', 'http/schema.ts', 'http/listing.ts', 'http/parse-url.ts', 'http/body.ts', 'http/errors.ts', 'http/csrf.ts'],
  ['i18n/'],
  ['serialize/'],
  ['endpoints/'],
  ['endpoints/index.ts'],
  ['http/'],
  ['openapi/', 'testing/', 'fixtures/', 'persistence/', 'conform/'],
  ['endpoints/dev/', 'endpoints/robot/', 'endpoints/explorer/'],
  ['server.ts', 'compose/'],
]

const SRC = resolve(import.meta.dirname);

function modules(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });
}

export function layerOf(module: string): number | undefined {
  let best: { layer: number; length: number } | undefined;
  LAYERS.forEach((prefixes, layer) => {
    for (const p of prefixes) if (module.startsWith(p) && (!best || p.length > best.length)) best = { layer, length: p.length };
  });
  return best?.layer;
}

const graph = new Map<string, string[]>();

beforeAll(async () => {
  await init;
  for (const m of modules()) {
    const [imports] = parse(readFileSync(join(SRC, m), 'utf8'), m);
    const targets = imports.filter((i) => i.n?.startsWith('.')).map((i) => relative(SRC, resolve(SRC, dirname(m), i.n!)));
    graph.set(m, [...new Set(targets)]);
  }
});

describe('the import graph of src/', () => {
  it('places every module in a layer', () => {
    expect([...graph.keys()].filter((m) => layerOf(m) === undefined)).toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    const upward: string[] = [];
    for (const [m, targets] of graph) {
      for (const t of targets) if (layerOf(t)! > layerOf(m)!) upward.push(`${m} (layer ${layerOf(m)}) -> ${t} (layer ${layerOf(t)})`);
    }
    expect(upward).toEqual([]);
  });

  it('has no circle of imports between modules', () => {
    // Tarjan's strongly connected components: any component of more than one module is a circle.
    let index = 0;
    const stack: string[] = [];
    const info = new Map<string, { index: number; low: number; onStack: boolean }>();
    const circles: string[][] = [];
    const visit = (v: string) => {
      info.set(v, { index, low: index, onStack: true });
      index++;
      stack.push(v);
      for (const w of graph.get(v) ?? []) {
        if (!graph.has(w)) continue;
        if (!info.has(w)) {
          visit(w);
          info.get(v)!.low = Math.min(info.get(v)!.low, info.get(w)!.low);
        } else if (info.get(w)!.onStack) info.get(v)!.low = Math.min(info.get(v)!.low, info.get(w)!.index);
      }
      if (info.get(v)!.low === info.get(v)!.index) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          info.get(w)!.onStack = false;
          component.push(w);
        } while (w !== v);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!info.has(v)) visit(v);
    expect(circles).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    expect(layerOf('http/dispatch.ts')).toBeGreaterThan(layerOf('endpoints/content/content.routes.ts')!);
    expect(layerOf('http/types.ts')).toBeLessThan(layerOf('serialize/content.ts')!);
    expect(layerOf('endpoints/robot/robot.routes.ts')).toBeGreaterThan(layerOf('http/rollback.ts')!);
    expect(layerOf('nowhere.ts')).toBeUndefined();
  });
});
