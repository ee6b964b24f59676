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
  ['http/types.ts', 'http/schema.ts', 'http/route-path.ts', 'http/listing.ts', 'http/parse-url.ts', 'http/body.ts', 'http/errors.ts', 'http/csrf.ts'],
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

/**
 * Module-level mutable state outside the composition root: only explicit caches of derived data
 * (memos keyed by immutable objects or by value, lazily loaded files and modules), each named
 * here with what it keeps. Anything else a module needs is passed in.
 */
const EXPLICIT_CACHES: Record<string, string> = {
  'auth/authenticate.ts loginIndexes': 'login name index per users record',
  'auth/authenticate.ts dummyHash': 'one hash computed once, for timing-safe refusals',
  'auth/tokens.ts lastSecond': 'the last request time converted to seconds',
  'auth/check.ts accessCache': 'roles and permission answers per state, principal and node',
  'auth/check.ts acrossStates': 'roles and permission answers per principal and node UID, taken on a later state when what they read is the same objects and values there',
  'auth/membership.ts parentsCache': 'group parents per groups record',
  'blobs/sharp.ts loading': 'the image library, loaded on first use',
  'catalog/query.ts SIBLINGS': 'positions of siblings per children record',
  'catalog/analyze.ts cache': 'analysed words',
  'catalog/catalog.ts registry': 'the catalog of a state object',
  'catalog/record.ts providesCache': 'behaviour fields per type record',
  'endpoints/database/database.routes.ts sizes': 'database size per state object',
  'domain/links.ts cache': 'links found per field value',
  'endpoints/robot/sample-files.ts pdf': 'a sample file built once',
  'http/dispatch.ts byEndpoint': 'routes by endpoint per route table',
  'http/schema.ts plans': 'members of a query schema per schema object',
  'http/route-path.ts split': 'segments of the path forms per route path declaration',
  'http/answer-text.ts texts': 'JSON text per kept (deep-frozen) component expansion',
  'http/answer-text.ts smallKept': 'per kept (deep-frozen) expansion, whether its strings are few and short',
  'i18n/translate.ts byHeader': 'answer language per Accept-Language text',
  'i18n/translate.ts languages': 'answer language per request and state',
  'lib/clock.ts second': 'the second the system clock last read',
  'lib/clock.ts secondText': 'the text of that second',
  'state/children-copies.ts copies': 'lists and objects a recipe already copied, per node whose children it writes (the node is a draft of that recipe)',
  'serialize/content.ts shapes': 'answer shape (members in order) per type record',
  'serialize/content.ts shown': 'the fields an answer shows per type record',
  'serialize/components.ts expansions': 'expanded components per state, caller and request parts they read',
  'serialize/components.ts linkRecords': 'links-only @components per components table, object URL and present components (bounded)',
  'serialize/kept.ts kept': 'the kept values (deep-frozen: expansions, links-only @components, rich text as shown), so their JSON text can be made once',
  'serialize/fields.ts shownTexts': 'rich text as shown per stored text and registry record (bounded by characters)',
  'serialize/fields.ts shownChars': 'rich text as shown (its size)',
  'serialize/components.ts namesOf': 'the names of each expand value seen (bounded)',
  'serialize/safe-html.ts settingsCache': 'filter settings per registry record',
  'serialize/safe-html.ts cacheKey': 'filtered HTML memo (its settings key)',
  'serialize/safe-html.ts results': 'filtered HTML memo',
  'serialize/safe-html.ts cachedChars': 'filtered HTML memo (its size)',
  'serialize/safe-html.ts jobs': 'filtered HTML memo (texts being filtered in the worker)',
  'lib/json-in-turns.ts partsByObject': 'slices of the long string values of parsed bodies, per object holding them',
  'serialize/content.ts UNTYPED': 'answer shape of objects whose type is unknown',
  'types/schema.ts cache': 'fields per type record',
};

/**
 * Module-level state that is not a cache: resources of the process (worker threads started on
 * first use) and marks that live as long as a request's objects. Each named with why it is not
 * passed in.
 */
const PROCESS_STATE: Record<string, string> = {
  'state/nodes-write.ts written': 'marks the UID index tops a recipe wrote without drafts, so that the store refines their whole-index patch; weakly held',
  'state/freeze.ts tops': 'marks the values frozen at their top only while states are frozen (tests), so that freezeNew freezes what they hold; weakly held',
  'auth/authenticate.ts sessionPrincipals': 'marks the principals that came from the session cookie (the CSRF check reads it); weakly held, dies with the request',
  'blobs/images.ts images': 'the image worker thread, started on first use, shared by every server of the process',
  'serialize/safe-html.ts worker': 'the safe-HTML filter worker thread, started on first use, shared by every server of the process',
  'lib/pending.ts finishing': 'how many computations that may not wait any more are running (synchronous, always back to 0)',
  'catalog/query.ts NO_SIBLINGS': 'the empty map of a node without siblings, never filled',
  'lib/seeded-hash.ts drawing': "where the seeds of records made by the recipe now running come from: set by a store around each recipe (synchronous, always back to the random default)",
};

/** Constructors of module-level constants that hold no state of their own. */
const STATELESS = /^(?:RegExp|TextEncoder|TextDecoder|Intl\.\w+|Immer|XMLParser|Matcher|Uint8Array)$/;

const ROOT_MODULES = ['server.ts', 'compose/'];

/** The name a module-level line binds to a table keyed by strings made as a plain object (not `recordOf`). */
function plainTable(line: string): string | undefined {
  return /^(?:export )?const (\w+): (?:Readonly<)?(?:Record<string|\{ \[\w+: string\]).* = (?:\{|Object\.fromEntries\()/.exec(line)?.[1];
}

/**
 * The name a module-level line binds to mutable state: a `let`/`var`, an empty collection or
 * literal filled later, or an object of a class that may hold state. Collections made with their
 * contents (`new Set(['a'])`) are constants.
 */
function mutableBinding(line: string): string | undefined {
  const variable = /^(?:export )?(?:let|var) (\w+)/.exec(line);
  if (variable) return variable[1];
  const made = /^(?:export )?const (\w+)(?::[^=]+)? = (?:new ([\w.]+)(?:<[^(]*>)?\((\)?)|(\{\}|\[\]);)/.exec(line);
  if (!made) return undefined;
  const [, name, ctor, empty, literal] = made;
  if (literal) return name;
  if (/^(?:Map|WeakMap|Set|WeakSet)$/.test(ctor)) return empty ? name : undefined;
  return STATELESS.test(ctor) ? undefined : name;
}

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

  it('keeps module-level mutable state to the composition root and the explicit caches', () => {
    const found: string[] = [];
    for (const m of graph.keys()) {
      if (ROOT_MODULES.some((r) => m.startsWith(r))) continue;
      for (const line of readFileSync(join(SRC, m), 'utf8').split('\n')) {
        const binding = mutableBinding(line);
        if (binding && !EXPLICIT_CACHES[`${m} ${binding}`] && !PROCESS_STATE[`${m} ${binding}`]) found.push(`${m} ${binding}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('makes module-level tables keyed by strings without inherited members (recordOf)', () => {
    // A table read with a caller's string (`ACTIONS[category]`, `WORKFLOWS[type.workflow]`) must
    // answer undefined for `constructor`, `valueOf`, `__proto__`: a plain object literal would
    // answer Object's members (a 500 on `@actions?categories=constructor`).
    const plain: string[] = [];
    for (const m of graph.keys()) {
      for (const line of readFileSync(join(SRC, m), 'utf8').split('\n')) {
        const table = plainTable(line);
        if (table) plain.push(`${m} ${table}`);
      }
    }
    expect(plain).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    expect(mutableBinding('let count = 0;')).toBe('count');
    expect(mutableBinding('const SEEN = new Map<string, number>();')).toBe('SEEN');
    expect(mutableBinding('export const jobs = new WeakSet();')).toBe('jobs');
    expect(mutableBinding('const HELD: { a?: string } = {};')).toBe('HELD');
    expect(mutableBinding('const queue: string[] = [];')).toBe('queue');
    expect(mutableBinding('const pool = new WorkerPool(2);')).toBe('pool');
    expect(mutableBinding("const KNOWN = new Set(['a', 'b']);")).toBeUndefined(); // a constant
    expect(mutableBinding('const encoder = new TextEncoder();')).toBeUndefined();
    expect(mutableBinding('const LIMIT = 10;')).toBeUndefined();
    expect(plainTable('const FLAGS: Record<string, { message: (ids: string[]) => string }> = {')).toBe('FLAGS');
    expect(plainTable('export const B: Record<string, X> = Object.fromEntries(')).toBe('B');
    expect(plainTable('const T: Readonly<Record<string, number>> = { a: 1 };')).toBe('T');
    expect(plainTable('const T: Record<string, X> = recordOf({')).toBeUndefined();
    expect(plainTable('const m = new Map<string, number>();')).toBeUndefined();
    expect(layerOf('http/dispatch.ts')).toBeGreaterThan(layerOf('endpoints/content/content.routes.ts')!);
    expect(layerOf('http/types.ts')).toBeLessThan(layerOf('serialize/content.ts')!);
    expect(layerOf('endpoints/robot/robot.routes.ts')).toBeGreaterThan(layerOf('http/rollback.ts')!);
    expect(layerOf('nowhere.ts')).toBeUndefined();
  });
});
