// Every relation of the site: values of RelationChoice/RelationList fields, relations made through
// @relations that are not fields (state.relations), and `isReferencing` derived from links.
// A relation whose target no longer exists is broken.
import type { ContentNode, SiteState } from '../../state/model.ts';
import type { FieldDef } from '../../types/model.ts';
import { allNodes, getNode } from '../../state/nodes.ts';
import { fieldsOf } from '../../types/schema.ts';
import { referencedUids } from './links.ts';
import { own } from '../../lib/records.ts';
import { indexedCatalog } from '../../catalog/catalog.ts';

export interface Relation {
  source: string;
  target: string;
  relation: string;
  broken: boolean;
}

export const READONLY_RELATIONS = new Set(['isReferencing', 'iterate-working-copy']);

/** The relation fields of a node's type. */
export function relationFields(state: SiteState, node: ContentNode): FieldDef[] {
  const type = own(state.types, node.type);
  return type ? fieldsOf(type).filter((f) => f.kind === 'RelationChoice' || f.kind === 'RelationList') : [];
}

export function relationField(state: SiteState, node: ContentNode, name: string): FieldDef | undefined {
  return relationFields(state, node).find((f) => f.name === name);
}

export function* relationsFrom(state: SiteState, node: ContentNode): Generator<Relation> {
  const make = (target: string, relation: string): Relation => ({ source: node.uid, target, relation, broken: !getNode(state, target) });
  for (const field of relationFields(state, node)) {
    const value = node.fields[field.name];
    const targets = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    for (const target of targets) if (typeof target === 'string') yield make(target, field.name);
  }
  for (const entry of own(state.relations, node.uid) ?? []) yield make(entry.target, entry.relation);
  for (const target of referencedUids(state, node)) yield make(target, 'isReferencing');
}

/**
 * The nodes that may be the source of a relation, in creation (intid) order: those the catalog
 * marks (relation field values, links in text or blocks) and those with relations made through
 * @relations; so the listing costs what the relations do, not the site (a walk only without a
 * live catalog, for a bare state).
 */
export function nodesInOrder(state: SiteState): ContentNode[] {
  const catalog = indexedCatalog(state);
  if (!catalog) return [...allNodes(state)].sort((a, b) => a.intid - b.intid);
  const uids = new Set(catalog.relationSources());
  for (const uid in state.relations) if (Object.hasOwn(state.relations, uid)) uids.add(uid);
  const out: ContentNode[] = [];
  for (const uid of uids) {
    const node = getNode(state, uid);
    if (node) out.push(node);
  }
  return out.sort((a, b) => a.intid - b.intid);
}

export function allRelations(state: SiteState): Relation[] {
  const out: Relation[] = [];
  for (const node of nodesInOrder(state)) for (const r of relationsFrom(state, node)) out.push(r);
  return out;
}

export const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
