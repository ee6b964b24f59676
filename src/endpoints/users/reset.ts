// POST /@users/<user>/reset-password (supplement 11.4): ask for a reset mail, set a password with
// the mailed token, or change one's own password with the old one. Tokens are random (made in
// `prepare`), mailed, and only their digest is kept in the state, for 7 days.
import type { Draft } from 'immer';
import { authDraft } from '../../auth/token-state.ts';
import { canManageUsers } from '../../auth/roles.ts';
import { hasPermission } from '../../auth/check.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { tokenHash } from '../../auth/tokens.ts';
import type { Outbox } from '../../auth/outbox.ts';
import { json, type ApiRequest, type Route, type Services } from '../../http/types.ts';
import { ApiError } from '../../lib/errors.ts';
import type { SiteState, User } from '../../state/model.ts';
import { rootOf } from '../../state/select.ts';
import { noBody, okNull, passwordProblem, serviceError } from './policy.ts';
import { lookupUser } from './records.ts';
import { own } from '../../lib/records.ts';
import type { NewUser } from './users.schema.ts';

export const RESET_DAYS = 7;

/** A password-reset token (seeded with --deterministic, like every secret). */
export const newSecret = (services: Services) => services.auth.tokens.newSecret('reset-token', 24);

export function resetExpiry(now: string): string {
  return new Date(Date.parse(now) + RESET_DAYS * 86400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function storeResetToken(draft: Draft<SiteState>, token: string, user: string, now: string): void {
  const auth = authDraft(draft);
  for (const [h, t] of Object.entries(auth.resetTokens)) if (Date.parse(t.expires) <= Date.parse(now)) delete auth.resetTokens[h];
  auth.resetTokens[tokenHash(token)] = { user, expires: resetExpiry(now) };
}

export function sendResetMail(outbox: Outbox, user: User, token: string, siteUrl: string, now: string): void {
  if (!user.email) return;
  const link = `${siteUrl}/passwordreset/${token}?userid=${encodeURIComponent(user.username)}`;
  outbox.send({ to: user.email, subject: 'Password reset request', body: `Reset your password within ${RESET_DAYS} days: ${link}`, time: now });
}

export type Plan =
  | { kind: 'mail'; user: User; token: string }
  | { kind: 'token'; user: User; hash: string; token: string }
  | { kind: 'change'; user: User; hash: string };

async function prepare(state: SiteState, req: ApiRequest, services: Services): Promise<Plan> {
  const user = lookupUser(state, services.auth.root, req.url.params[0]);
  if (!user || user.id === services.auth.root.id) throw noBody(404, 'NotFound');
  const body = (req.body ?? {}) as NewUser; // checked by the route's schema
  const keys = Object.keys(body);
  if (!keys.length) {
    if (!user.email) throw serviceError(400, 'Bad Request', 'The user has no email address to send the reset link to.');
    return { kind: 'mail', user, token: newSecret(services) };
  }
  const { reset_token: resetToken, old_password: oldPassword, new_password: newPassword } = body;
  if (resetToken !== undefined && oldPassword !== undefined) throw serviceError(400, 'Invalid parameters', 'Please pass either reset_token or old_password, not both.');
  if (resetToken === undefined && oldPassword === undefined) {
    throw serviceError(400, 'Invalid parameters', 'See the user endpoint documentation for the valid parameters.');
  }
  if (newPassword === undefined) throw serviceError(400, 'Invalid parameters', 'new_password is required.');
  if (resetToken !== undefined) {
    const stored = own(state.auth?.resetTokens, tokenHash(resetToken));
    if (!stored || stored.user !== user.id) throw serviceError(403, 'Unknown Token', 'The reset_token is unknown/not valid.');
    if (Date.parse(stored.expires) <= Date.parse(req.now)) throw serviceError(403, 'Expired Token', 'The reset_token is expired.');
    const problem = passwordProblem(newPassword);
    if (problem) throw serviceError(400, 'Invalid password', problem);
    return { kind: 'token', user, token: resetToken, hash: await hashPassword(newPassword) };
  }
  if (req.principal.id !== user.id) throw serviceError(403, 'Wrong user', 'You are not authorized to change the password of this user.');
  const root = rootOf(state);
  if (!hasPermission(state, req.principal, root, 'Set own password') && !canManageUsers(state, req.principal)) {
    throw serviceError(403, 'Not allowed', 'You are not allowed to set your password.');
  }
  const check = await services.auth.checkPassword(state, user.username, String(oldPassword), req.now, req.client ?? 'local');
  if (!check.ok || check.userId !== user.id) throw serviceError(403, 'Wrong password', 'The password passed as old_password is wrong.');
  const problem = passwordProblem(newPassword);
  if (problem) throw serviceError(400, 'Invalid password', problem);
  return { kind: 'change', user, hash: await hashPassword(newPassword) };
}

export const resetPasswordRoute: Required<Pick<Route<Plan>, 'prepare' | 'handle'>> = {
  prepare,
  handle: (_state, req, services, plan) => {
    if (plan.kind === 'mail') {
      return {
        write: (draft) => storeResetToken(draft, plan.token, plan.user.id, req.now),
        respond: () => okNull(),
        after: () => sendResetMail(services.auth.outbox, plan.user, plan.token, req.url.siteUrl, req.now),
      };
    }
    return {
      write: (draft) => {
        const user = own(draft.users, plan.user.id);
        if (!user) throw noBody(404, 'NotFound');
        user.passwordHash = plan.hash;
        if (plan.kind === 'token' && draft.auth) delete draft.auth.resetTokens[tokenHash(plan.token)];
      },
      respond: () => okNull(),
    };
  },
};
