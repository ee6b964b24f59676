// Which types may be added in a container: the container type's own rule (its allowed list, else
// every globally addable type) narrowed by "constrain types" (behavior `cms.constraintypes`,
// plone.app.dexterity's ConstrainTypesBehavior). Every path that adds content asks here: POST,
// TUS create, paste (@copy/@move), check-out; @types and the AllowedContentTypes vocabulary show it.
import type { ConstrainTypes, ContentNode, SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { getNode } from '../../state/nodes.ts';
import { forbidden } from '../../lib/errors.ts';
import { own } from '../../lib/records.ts';

export const ACQUIRE = -1;
export const DISABLED = 0;
export const ENABLED = 1;

export const CONSTRAIN_BEHAVIOR = 'cms.constraintypes';

/** The container type lets `type` in: its allowed list when it has one, else global addability. */
export function allowedIn(container: TypeDef | undefined, type: TypeDef): boolean {
  if (!container?.folderish) return false;
  return container.allowedTypes ? container.allowedTypes.includes(type.id) : type.globalAllow;
}

/** Ids of the types a container of type `container` takes without constraints, in type order. */
export function defaultAddable(state: SiteState, container: TypeDef | undefined): string[] {
  return Object.values(state.types).filter((t) => allowedIn(container, t)).map((t) => t.id);
}

/** The object's constraints when its type has the behavior (a type without it has none to apply). */
export function constraintsOf(state: SiteState, node: ContentNode): ConstrainTypes | undefined {
  if (!own(state.types, node.type)?.behaviors.includes(CONSTRAIN_BEHAVIOR)) return undefined;
  return node.constrainTypes ?? { mode: ACQUIRE };
}

/**
 * The settings that decide for `container`: its own, or with "acquire" the nearest ancestor's
 * that does not acquire. Undefined: nothing restricts (an ancestor without the behavior, the root,
 * or mode "disabled").
 */
function decidingConstraints(state: SiteState, container: ContentNode): ConstrainTypes | undefined {
  let node: ContentNode | undefined = container;
  while (node) {
    const own = constraintsOf(state, node);
    if (!own || own.mode === DISABLED) return undefined;
    if (own.mode === ENABLED) return own;
    node = node.parent === null ? undefined : getNode(state, node.parent);
  }
  return undefined;
}

export interface Addable {
  /** Types that may be added here ("locally allowed"). */
  allowed: ReadonlySet<string>;
  /** Types offered first in the add menu ("immediately addable"), a subset of `allowed`. */
  immediately: ReadonlySet<string>;
}

/** The types that may be added in `container` (type rule and constraints; add permissions aside). */
export function addableIn(state: SiteState, container: ContentNode): Addable {
  const base = defaultAddable(state, own(state.types, container.type));
  const deciding = decidingConstraints(state, container);
  const locally = deciding?.locallyAllowed;
  const allowed = new Set(locally ? base.filter((id) => locally.includes(id)) : base);
  const immediatelyList = deciding?.immediatelyAddable;
  const immediately = new Set(immediatelyList ? [...allowed].filter((id) => immediatelyList.includes(id)) : allowed);
  return { allowed, immediately };
}

/** Throws Plone's 403 when `typeId` may not be added in `container`. */
export function checkAddableIn(state: SiteState, container: ContentNode, typeId: string): void {
  // addableIn(...).allowed.has(typeId), without listing every type (this runs on every create)
  const type = own(state.types, typeId);
  const allowed = !!type && type.id === typeId && allowedIn(own(state.types, container.type), type) && (decidingConstraints(state, container)?.locallyAllowed?.includes(typeId) ?? true);
  if (!allowed) throw forbidden(`Disallowed subobject type: ${typeId}`);
}
