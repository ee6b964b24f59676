// Helpers of the lifecycle spec-tests (lock, history, copy/move, aliases, relations, link
// integrity): creating content and extra accounts through the interface only.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Api, Auth } from './client.ts';

export async function create(api: Api, path: string, body: Record<string, unknown>): Promise<any> {
  const r = await api.post(path, body);
  expect(r.status, r.text).toBe(201);
  return r.body;
}

/** A new account with these global roles, or undefined when the server cannot create one yet. */
export async function makeUser(api: Api, roles: string[]): Promise<Auth | undefined> {
  const id = `u${randomUUID().slice(0, 8)}`;
  const password = `secret-${id}-password`;
  const r = await api.post('/@users', { username: id, password, email: `${id}@example.com`, fullname: `User ${id}`, roles });
  if (r.status !== 201) return undefined;
  const probe = await api.get('/@lock', { auth: { user: id, password } });
  return probe.status === 200 ? { user: id, password } : undefined;
}

export const idOf = (auth: Auth) => (typeof auth === 'object' && 'user' in auth ? auth.user : String(auth));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
