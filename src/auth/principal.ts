// Who is calling: the anonymous caller, a site user, or the administrator given on the command line.

export interface Principal {
  id: string | null; // null = Anonymous
  fullname: string;
  /** Global roles, from the user record and its groups (without Anonymous/Authenticated). */
  roles: string[];
  groups: string[];
}

export const ANONYMOUS: Principal = Object.freeze({ id: null, fullname: '', roles: [], groups: [] }) as Principal;

export const isAnonymous = (p: Principal) => p.id === null;
