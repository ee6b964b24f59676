// Changes outside the content tree: users, groups, registry records, types, relations, add-ons,
// settings, … read from the patches (each names exactly what changed) down to the level a
// learner thinks in (a user's field, a registry record), compared between the two states.
// Login and reset tokens are told by owner only: their digests never appear.
import type { Patch } from 'immer';
import type { SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { own, recordOf } from '../lib/records.ts';
import { makeLine, type LineSink } from './lines.ts';
import { displayPath } from './content.ts';
import { HIDDEN, preview, SECRET_NAMES, transition } from './values.ts';

interface Section {
  area: string;
  /** Path length of one line: [section, entry, property] is 3. */
  depth: number;
  /** The entry key is a content UID: show its path. */
  byUid?: boolean;
}

const SECTIONS: Record<string, Section> = recordOf({
  users: { area: 'user', depth: 3 },
  groups: { area: 'group', depth: 3 },
  registry: { area: 'registry', depth: 2 },
  types: { area: 'type', depth: 3 },
  relations: { area: 'relations', depth: 2, byUid: true },
  translationGroups: { area: 'translation group', depth: 2, byUid: true },
  workingCopies: { area: 'working copy of', depth: 2, byUid: true },
  addons: { area: 'add-on', depth: 2 },
  contentRules: { area: 'content rules', depth: 2 },
  settings: { area: 'settings', depth: 2 },
  robotAutologin: { area: 'autologin', depth: 1 },
});

/** Told elsewhere (content, aliases, auth) or bookkeeping (counters). */
const ELSEWHERE = new Set(['nodes', 'aliases', 'auth', 'nodeCount', 'nextIntid', 'rootUid']);

export const valueAt = (root: unknown, path: readonly (string | number)[]): unknown => {
  let v = root;
  for (const key of path) v = v !== null && typeof v === 'object' ? own(v as Record<string, unknown>, String(key)) : undefined;
  return v;
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function targetName(section: Section, key: string | undefined, before: SiteState, after: SiteState): string {
  if (key === undefined) return '';
  if (!section.byUid) return key;
  const node = getNode(after, key) ?? getNode(before, key);
  return node ? displayPath(getNode(after, key) ? after : before, node) : key;
}

export function describeSections(sink: LineSink, before: SiteState, after: SiteState, patches: readonly Patch[]): void {
  const done = new Set<string>();
  const emit = (section: Section, path: string[], b: unknown, a: unknown) => {
    const target = targetName(section, path[1], before, after);
    const field = path.slice(2).join('.') || undefined;
    const op = b === undefined ? 'add' : a === undefined ? 'remove' : 'replace';
    if (path.some((k) => SECRET_NAMES.has(k))) {
      sink.change(makeLine(section.area, target, field, op, `${HIDDEN} changed`, true));
      return;
    }
    if (path.length < section.depth && (b === undefined || a === undefined)) {
      sink.change(makeLine(section.area, target, undefined, op, op === 'add' ? `added ${preview(a)}` : `removed`));
      return;
    }
    sink.change(makeLine(section.area, target, field, op, transition(b, a), true));
  };
  const visit = (section: Section, path: string[], b: unknown, a: unknown): void => {
    if (b === a) return;
    const key = path.join('\u0000');
    if (done.has(key)) return;
    done.add(key);
    const entryGone = path.length >= 2 && (b === undefined || a === undefined);
    if (path.length < section.depth && !entryGone && (isObject(b) || isObject(a))) {
      const keys = new Set([...Object.keys(isObject(b) ? b : {}), ...Object.keys(isObject(a) ? a : {})]);
      for (const k of keys) visit(section, [...path, k], valueAt(b, [k]), valueAt(a, [k]));
      return;
    }
    emit(section, path, b, a);
  };
  for (const p of patches) {
    const name = p.path[0];
    if (name === undefined || ELSEWHERE.has(String(name))) continue;
    const section = own(SECTIONS, String(name)) ?? { area: String(name), depth: 2 };
    const at = p.path.slice(0, section.depth).map(String);
    visit(section, at, valueAt(before, at), valueAt(after, at));
  }
}

type TokenRecord = Record<string, { user: string }>;

/** Login tokens and password resets: who got or lost one (the digests stay hidden). */
export function describeAuth(sink: LineSink, before: SiteState, after: SiteState, patches: readonly Patch[]): void {
  const done = new Set<string>();
  const words = {
    tokens: { add: 'login token stored', remove: 'login token removed', replace: 'login token changed' },
    resetTokens: { add: 'password reset requested', remove: 'password reset used or expired', replace: 'password reset changed' },
  } as const;
  const tell = (kind: 'tokens' | 'resetTokens', digest: string) => {
    const key = `${kind}\u0000${digest}`;
    if (done.has(key)) return;
    done.add(key);
    const b = own(valueAt(before, ['auth', kind]) as TokenRecord | undefined, digest);
    const a = own(valueAt(after, ['auth', kind]) as TokenRecord | undefined, digest);
    if (b === a) return;
    const op = !b ? 'add' : !a ? 'remove' : 'replace';
    sink.change(makeLine('auth', (a ?? b)!.user, undefined, op, words[kind][op]));
  };
  for (const p of patches) {
    if (p.path[0] !== 'auth') continue;
    const kinds = p.path.length >= 2 ? [String(p.path[1])] : ['tokens', 'resetTokens'];
    for (const kind of kinds) {
      if (kind !== 'tokens' && kind !== 'resetTokens') continue;
      if (p.path.length >= 3) tell(kind, String(p.path[2]));
      else {
        const b = (valueAt(before, ['auth', kind]) ?? {}) as object;
        const a = (valueAt(after, ['auth', kind]) ?? {}) as object;
        for (const digest of new Set([...Object.keys(b), ...Object.keys(a)])) tell(kind, digest);
      }
    }
  }
}
