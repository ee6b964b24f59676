// What may leave the server in an export (the `++dev++/snapshot` download, `export-fixture`):
// the state without its secrets. Password hashes and the digests of issued login and reset tokens
// stay behind unless the operator asks for them explicitly (docs/security.md, "Exports"); so do
// the seeds of the folders' id tries (a site started from the file draws new ones: migrate.ts).
import { produce } from 'immer';
import type { ContentNode, NodeBucket, SiteState } from '../state/model.ts';

/** `state` with every password hash emptied (no password matches it) and no token digests. */
export function withoutSecrets(state: SiteState): SiteState {
  return produce(state, (draft) => {
    for (const user of Object.values(draft.users)) if (user.passwordHash) user.passwordHash = '';
    if (draft.auth) {
      draft.auth.tokens = {};
      draft.auth.resetTokens = {};
    }
  });
}

/** `node` without the seed of its children's id trie (the same node when it has none). */
function withoutSeed(node: ContentNode): ContentNode {
  if (node.children?.k === undefined) return node;
  const { k: _seed, ...children } = node.children;
  return { ...node, children };
}

/** A bucket of the UID index ([hash, node, ...]) whose nodes carry no trie seeds. */
export const bucketWithoutSeeds = (bucket: NodeBucket): NodeBucket => bucket.map((x, i) => (i % 2 ? withoutSeed(x as ContentNode) : x));
