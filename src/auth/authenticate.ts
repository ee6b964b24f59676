// Credentials -> Principal. Invalid credentials are not an error by themselves: the request
// runs as Anonymous (supplement 1.5).
import type { SiteState } from '../state/model.ts';
import { ANONYMOUS, type Principal } from './principal.ts';
import type { VerifiedCache } from './passwords.ts';

export interface RootUser {
  id: string;
  passwordHash: string;
}

export function principalForUser(state: SiteState, userId: string): Principal | undefined {
  const user = state.users[userId];
  if (!user) return undefined;
  const groups = Object.values(state.groups).filter((g) => g.members.includes(userId));
  const roles = new Set(user.roles);
  for (const g of groups) for (const r of g.roles) roles.add(r);
  return { id: user.id, fullname: user.fullname, roles: [...roles], groups: groups.map((g) => g.id) };
}

export function rootPrincipal(root: RootUser): Principal {
  return { id: root.id, fullname: root.id, roles: ['Manager'], groups: [] };
}

function decodeBasic(header: string): [string, string] | undefined {
  try {
    const text = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const at = text.indexOf(':');
    return at === -1 ? undefined : [text.slice(0, at), text.slice(at + 1)];
  } catch {
    return undefined;
  }
}

export async function authenticate(
  state: SiteState,
  authorization: string | undefined,
  root: RootUser,
  cache: VerifiedCache,
): Promise<Principal> {
  if (!authorization || !/^basic /i.test(authorization)) return ANONYMOUS;
  const creds = decodeBasic(authorization);
  if (!creds) return ANONYMOUS;
  const [login, password] = creds;
  if (login === root.id) {
    return (await cache.verify(login, password, root.passwordHash)) ? rootPrincipal(root) : ANONYMOUS;
  }
  const user = state.users[login] ?? Object.values(state.users).find((u) => u.email && u.email === login);
  if (!user) return ANONYMOUS;
  if (!(await cache.verify(user.id, password, user.passwordHash))) return ANONYMOUS;
  return principalForUser(state, user.id) ?? ANONYMOUS;
}
