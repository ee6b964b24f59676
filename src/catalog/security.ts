// allowedRolesAndUsers for many objects at once (a build, a subtree re-index, the writes of one
// commit after another): the local roles a node inherits are computed once per container, and equal
// token lists are shared. Same answer as record.ts's allowedRolesAndUsers, which the tests use as
// the reference.
//
// The memo outlives a commit: what a container passes down depends only on the local roles, the
// blocking flag and the parent of it and of its ancestors, so the catalog keeps it from one state to
// the next and forgets it (`forget`) when a commit changes any of those, removes an object or
// replaces the state. The tokens of a node are kept by what they are computed from: the View roles,
// the list it inherits and its own local roles (a new document in a folder: the same as its
// siblings'). Both caches are bounded: they start again empty when full.
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { permissionRoles } from '../auth/check.ts';

type Pairs = [string, string[]][];

/** Containers whose inherited local roles are kept at most (then the memo starts again). */
export const INHERITED_LIMIT = 4096;
/** Token lists kept by what they are computed from, at most (then that cache starts again). */
export const TOKENS_LIMIT = 1024;
/**
 * Distinct token lists interned at most (then the table starts again): a catalog lives as long as
 * the server, and every list ever computed stayed in it, also when no document held it any more
 * (per-user local roles made and taken away). A list made again after that is an equal copy: the
 * catalog compares grants by value (doctable.ts), so only the sharing of the new ones changes.
 */
export const INTERNED_LIMIT = 4096;

const NO_PAIRS: Pairs = Object.freeze([]) as unknown as Pairs;

/** The key of a node's own local roles (principal -> list of roles: JSON tells every two apart). */
const ownKey = (localRoles: Record<string, string[]>): string => JSON.stringify(localRoles);

export class SecurityMemo {
  /** uid -> the local roles in force at that node (its own, then inherited unless blocked). */
  private inherited = new Map<string, Pairs>();
  /**
   * The View roles (a workflow's shared list) -> the inherited pairs (a shared list of `inherited`)
   * -> the key of the node's own local roles -> its tokens. Lists that are not shared (a site
   * without a workflow) make new keys each time: the limit bounds them.
   */
  private tokenCache = new Map<readonly string[], WeakMap<Pairs, Map<string, string[]>>>();
  private cached = 0;

  constructor(
    private state: SiteState,
    /** token lists by their joined form, shared across memos of one catalog */
    private readonly interned = new Map<string, string[]>(),
    /** containers kept at most (a build, which lives as long as its one state: Infinity) */
    private readonly limit = INHERITED_LIMIT,
    /** token lists kept in `interned` at most */
    private readonly internLimit = INTERNED_LIMIT,
  ) {}

  /** Look at `state` from now on; `same`: no local roles, blocking flag or parent differ from the last state's (nor any object went away). */
  advance(state: SiteState, same: boolean): void {
    this.state = state;
    if (!same) this.forget();
  }

  /** Entries kept now (tests). */
  get sizes(): { inherited: number; tokens: number; interned: number } {
    return { inherited: this.inherited.size, tokens: this.cached, interned: this.interned.size };
  }

  /**
   * Forget every inherited list. The token cache stays: it is keyed by the (immutable) lists it
   * was computed from, which later look-ups no longer reach.
   */
  forget(): void {
    if (this.inherited.size) this.inherited = new Map();
  }

  private pairsAt(uid: string): Pairs {
    let out = this.inherited.get(uid);
    if (out) return out;
    const node = getNode(this.state, uid);
    if (!node) return NO_PAIRS;
    out = Object.entries(node.localRoles);
    if (!node.blockLocalRoles && node.parent !== null) {
      const up = this.pairsAt(node.parent);
      if (up.length) out = out.length ? out.concat(up) : up;
    }
    if (this.inherited.size >= this.limit) this.forget();
    this.inherited.set(uid, out);
    return out;
  }

  /** Roles and `user:<id>` tokens allowed to View `node`, sorted (a shared, frozen array). */
  tokens(node: ContentNode): string[] {
    const view = permissionRoles(this.state, node, 'View');
    const up = !node.blockLocalRoles && node.parent !== null ? this.pairsAt(node.parent) : NO_PAIRS;
    const own = ownKey(node.localRoles);
    let byPairs = this.tokenCache.get(view);
    let byOwn = byPairs?.get(up);
    const known = byOwn?.get(own);
    if (known) return known;
    const tokens = this.compute(view, node, up);
    if (this.cached >= TOKENS_LIMIT) {
      this.tokenCache = new Map();
      this.cached = 0;
      byPairs = byOwn = undefined;
    }
    if (!byPairs) this.tokenCache.set(view, (byPairs = new WeakMap()));
    if (!byOwn) byPairs.set(up, (byOwn = new Map()));
    byOwn.set(own, tokens);
    this.cached++;
    return tokens;
  }

  private compute(view: readonly string[], node: ContentNode, up: Pairs): string[] {
    const roles = new Set(view);
    roles.add('Manager');
    const out = new Set(roles);
    addPrincipals(Object.entries(node.localRoles), roles, out);
    addPrincipals(up, roles, out);
    const list = [...out].sort();
    const key = list.join('\n');
    let shared = this.interned.get(key);
    if (!shared) {
      if (this.interned.size >= this.internLimit) this.interned.clear();
      this.interned.set(key, (shared = Object.freeze(list) as string[]));
    }
    return shared;
  }
}

/** Add `user:<principal>` to `out` for each principal of `pairs` holding one of `roles`. */
function addPrincipals(pairs: Pairs, roles: ReadonlySet<string>, out: Set<string>): void {
  for (const [principal, local] of pairs) if (local.some((r) => roles.has(r))) out.add(`user:${principal}`);
}
