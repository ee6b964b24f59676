// Which records of the site state are keyed by strings a caller chose (src/lib/records.ts), and
// giving them back their null prototype after data was decoded from text (a snapshot, a journal
// record, a fixture): JSON text has no prototypes, and a decoded record inherits Object's members.
// The walk follows this shape only (never recursion over caller data), in place, before freezing.
import { DEPTH } from './nodes.ts';

interface Shape {
  /** The record at this place is keyed by caller strings. */
  keyed?: boolean;
  /** Shape of every entry of the record (or element of the array). */
  each?: Shape;
  /** Shapes of named members. */
  members?: Map<string, Shape>;
  /**
   * Levels of arrays of any depth above records of this shape (the UID index, state/nodes.ts:
   * the depth differs between snapshot versions, and a journal's paths follow its own). Since
   * version 5 the buckets are arrays too, of nodes (`node`); before, records of nodes by UID.
   */
  levels?: Shape;
  /** Under `levels`: the shape of a node reached through the arrays. */
  node?: Shape;
}

const KEYED: Shape = { keyed: true };
const shape = (members: Record<string, Shape>): Shape => ({ members: new Map(Object.entries(members)) });

/** A content node: local roles are keyed by principal ids (child ids are never keys: state/children.ts). */
const NODE = shape({ localRoles: KEYED });

export const SITE_SHAPE: Shape = shape({
  nodes: { levels: { keyed: true, each: NODE }, node: NODE },
  types: KEYED,
  users: KEYED,
  groups: KEYED,
  registry: KEYED,
  aliases: { keyed: true, each: { keyed: true, each: KEYED } },
  relations: KEYED,
  translationGroups: KEYED,
  workingCopies: KEYED,
  addons: KEYED,
  auth: shape({ tokens: KEYED, resetTokens: KEYED }),
  contentRules: shape({ assignments: KEYED }),
});

/** The shape of the value at `path` below the site state (undefined: holds no keyed record). */
export function shapeAt(path: readonly (string | number)[], from: Shape = SITE_SHAPE): Shape | undefined {
  let at: Shape | undefined = from;
  /** numbers in a row in the index: slots of levels, and since version 5 a place in a bucket */
  let numbers = 0;
  for (const segment of path) {
    if (!at) return undefined;
    if (at.levels) {
      // in the index, a number is a slot of a level (or a place in a bucket); a string after
      // DEPTH + 1 numbers is a property of the node there (version 5), else the key of a bucket
      if (typeof segment === 'number') {
        numbers++;
        continue;
      }
      if (numbers !== DEPTH + 1 || !at.node) {
        at = at.levels.each;
        continue;
      }
      at = at.node;
    }
    at = at.members?.get(String(segment)) ?? at.each;
  }
  return at;
}

/** A content node (a string `uid`), not a bucket record of nodes by UID (whose entries are objects). */
const isNode = (v: Record<string, unknown>): boolean => typeof v.uid === 'string';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Give every keyed record inside `value` (which sits at a place of shape `at`) a null prototype,
 * in place; `value` must not be frozen yet. Returns `value`.
 */
export function restoreNullPrototypes<T>(value: T, at: Shape | undefined = SITE_SHAPE): T {
  const stack: [unknown, Shape][] = at ? [[value, at]] : [];
  while (stack.length) {
    const [v, s] = stack.pop()!;
    if (s.levels) {
      if (Array.isArray(v)) for (const item of v) stack.push([item, s]);
      else if (isRecord(v)) stack.push([v, s.node && isNode(v) ? s.node : s.levels]);
      continue;
    }
    if (Array.isArray(v) && s.each) for (const item of v) stack.push([item, s.each]);
    if (!isRecord(v)) continue;
    if (s.keyed && Object.getPrototypeOf(v) !== null) Object.setPrototypeOf(v, null);
    if (s.each) for (const key of Object.keys(v)) stack.push([v[key], s.each]);
    if (s.members) for (const [name, sub] of s.members) if (Object.hasOwn(v, name)) stack.push([v[name], sub]);
  }
  return value;
}
