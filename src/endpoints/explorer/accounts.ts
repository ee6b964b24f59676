// The accounts the landing page and the explorer offer: the Manager given on the command line,
// with its password only when it is a documented default (admin:admin, or the acceptance preset's
// admin:secret), and the fixture's users with the password their fixture documents
// (`documentedPassword`). No other password is ever shown.
import type { FixtureUser } from '../../fixtures/site-file.ts';

export interface Account {
  /** Login name. */
  login: string;
  /** User id (differs from the login for Plone's test user). */
  id: string;
  roles: string[];
  groups: string[];
  /** The documented password; absent: the user types it. */
  password?: string;
}

/** Manager accounts whose passwords are public: the command line's default and the acceptance preset's. */
const DOCUMENTED_ADMINS = new Set(['admin:admin', 'admin:secret']);

export function documentedAccounts(admin: { user: string; password: string }, users: readonly FixtureUser[]): Account[] {
  const documented = DOCUMENTED_ADMINS.has(`${admin.user}:${admin.password}`);
  return [
    { login: admin.user, id: admin.user, roles: ['Manager'], groups: [], ...(documented ? { password: admin.password } : {}) },
    ...users.map((u) => ({ login: u.username ?? u.id, id: u.id, roles: [...u.roles], groups: [...u.groups], ...(u.documentedPassword ? { password: u.documentedPassword } : {}) })),
  ];
}
