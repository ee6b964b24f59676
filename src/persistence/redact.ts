// What may leave the server in an export (the `++dev++/snapshot` download, `export-fixture`):
// the state without its secrets. Password hashes and the digests of issued login and reset tokens
// stay behind unless the operator asks for them explicitly (docs/security.md, "Exports").
import { produce } from 'immer';
import type { SiteState } from '../state/model.ts';

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
