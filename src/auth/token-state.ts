// Draft mutators for the token bookkeeping in the site state (hashes only).
import type { Draft } from 'immer';
import type { AuthState, SiteState } from '../state/model.ts';
import { own, emptyRecord } from '../lib/records.ts';

export function authDraft(draft: Draft<SiteState>): Draft<AuthState> {
  draft.auth ??= { tokens: emptyRecord(), resetTokens: emptyRecord() };
  return draft.auth;
}

/** Remember an issued login token; drops tokens that have expired by `nowSeconds`. */
export function rememberToken(draft: Draft<SiteState>, hash: string, user: string, exp: number | null, nowSeconds: number): void {
  const auth = authDraft(draft);
  for (const [h, t] of Object.entries(auth.tokens)) if (t.exp !== null && t.exp <= nowSeconds) delete auth.tokens[h];
  auth.tokens[hash] = { user, exp };
}

export function forgetToken(draft: Draft<SiteState>, hash: string): void {
  if (draft.auth) delete draft.auth.tokens[hash];
}

/** Forget every login token and pending reset of a user (the user is deleted). */
export function forgetUser(draft: Draft<SiteState>, user: string): void {
  if (!draft.auth) return;
  for (const [h, t] of Object.entries(draft.auth.tokens)) if (t.user === user) delete draft.auth.tokens[h];
  for (const [h, t] of Object.entries(draft.auth.resetTokens)) if (t.user === user) delete draft.auth.resetTokens[h];
}
