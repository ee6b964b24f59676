// Setting "constrain types" through POST and PATCH bodies: `constrain_types_mode` (-1 acquire,
// 0 disabled, 1 enabled), `locally_allowed_types`, `immediately_addable_types` (null removes a
// list). Plone keeps these as attributes without a schema (its form is folder_constraintypes_form);
// here the same names are accepted in the body, on types with the behavior only, from callers with
// "Modify constrain types" on the object (others' values are skipped, as Plone skips fields the
// caller may not write). GET does not show them, as in Plone; `@types` shows what they allow.
import type { Draft } from 'immer';
import type { ApiRequest } from '../../http/types.ts';
import type { ConstrainTypes, ContentNode, SiteState } from '../../state/model.ts';
import { hasPermission } from '../../auth/check.ts';
import { shown, validationError } from '../../lib/errors.ts';
import { own } from '../../lib/records.ts';
import { constraintsOf, defaultAddable } from '../types/constrains.ts';

export const MODIFY_CONSTRAIN_TYPES = 'Modify constrain types';

const MODE = 'constrain_types_mode';
const LOCALLY = 'locally_allowed_types';
const IMMEDIATELY = 'immediately_addable_types';

/**
 * A list of type ids from the body: undefined when absent, null to remove, else ids checked
 * against the types addable here (that it is a list of texts, the route's schema saw to).
 */
function typeList(body: Record<string, unknown>, key: string, known: readonly string[]): string[] | null | undefined {
  if (!Object.hasOwn(body, key)) return undefined;
  const value = body[key] as string[] | null;
  if (value === null) return null;
  const unknown = value.find((id) => !known.includes(id));
  if (unknown !== undefined) throw validationError([{ field: key, message: `Constraint not satisfied: "${shown(unknown)}" is not addable here` }]);
  return [...new Set(value)];
}

/** Apply the body's constrain-types values to `node` (in a draft); validated as a whole. */
export function applyConstrainTypes(draft: Draft<SiteState>, req: ApiRequest, node: Draft<ContentNode>, body: Record<string, unknown>): void {
  if (![MODE, LOCALLY, IMMEDIATELY].some((key) => Object.hasOwn(body, key))) return;
  const state = draft as SiteState;
  const current = constraintsOf(state, node as ContentNode);
  if (!current) return; // no behavior: unknown names, ignored like any other
  if (!hasPermission(state, req.principal, node as ContentNode, MODIFY_CONSTRAIN_TYPES)) return;
  const next: ConstrainTypes = { ...current };
  if (Object.hasOwn(body, MODE)) next.mode = body[MODE] as ConstrainTypes['mode']; // -1, 0 or 1: the route's schema saw to that
  const known = defaultAddable(state, own(state.types, node.type));
  const locally = typeList(body, LOCALLY, known);
  const immediately = typeList(body, IMMEDIATELY, known);
  if (locally !== undefined) next.locallyAllowed = locally ?? undefined;
  if (immediately !== undefined) next.immediatelyAddable = immediately ?? undefined;
  const allowed = next.locallyAllowed ?? known;
  const stray = next.immediatelyAddable?.filter((id) => !allowed.includes(id)) ?? [];
  if (stray.length) {
    throw validationError([{ field: IMMEDIATELY, message: `You cannot have a type as a secondary type without having it allowed. You have selected ${stray.join(', ')}.` }]);
  }
  if (next.locallyAllowed === undefined) delete next.locallyAllowed;
  if (next.immediatelyAddable === undefined) delete next.immediatelyAddable;
  node.constrainTypes = next;
}
