// allowedRolesAndUsers for many objects of one state at once (a build, a subtree re-index): the
// local roles a node inherits are computed once per container, and equal token lists are shared.
// Same answer as record.ts's allowedRolesAndUsers, which the tests use as the reference.
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { permissionRoles } from '../auth/check.ts';

type Pairs = [string, string[]][];

export class SecurityMemo {
  /** uid -> the local roles in force at that node (its own, then inherited unless blocked). */
  private readonly inherited = new Map<string, Pairs>();
  constructor(
    private readonly state: SiteState,
    /** token lists by their joined form, shared across memos of one catalog */
    private readonly interned = new Map<string, string[]>(),
  ) {}

  private pairsAt(uid: string): Pairs {
    let out = this.inherited.get(uid);
    if (out) return out;
    const node = getNode(this.state, uid);
    if (!node) return [];
    out = Object.entries(node.localRoles);
    if (!node.blockLocalRoles && node.parent !== null) {
      const up = this.pairsAt(node.parent);
      if (up.length) out = out.length ? out.concat(up) : up;
    }
    this.inherited.set(uid, out);
    return out;
  }

  /** Roles and `user:<id>` tokens allowed to View `node`, sorted (a shared, frozen array). */
  tokens(node: ContentNode): string[] {
    const roles = new Set(permissionRoles(this.state, node, 'View'));
    roles.add('Manager');
    const out = new Set(roles);
    const visit = (pairs: Pairs) => {
      for (const [principal, local] of pairs) if (local.some((r) => roles.has(r))) out.add(`user:${principal}`);
    };
    visit(Object.entries(node.localRoles));
    if (!node.blockLocalRoles && node.parent !== null) visit(this.pairsAt(node.parent));
    const list = [...out].sort();
    const key = list.join('\n');
    let shared = this.interned.get(key);
    if (!shared) this.interned.set(key, (shared = Object.freeze(list) as string[]));
    return shared;
  }
}
