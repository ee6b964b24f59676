// A plain Member account for permission tests (created by the admin through @users).
import { expect } from 'vitest';
import type { Api } from './client.ts';

export async function createMember(api: Api, username: string): Promise<{ user: string; password: string }> {
  const password = `${username}-password-1`;
  const r = await api.post('/@users', { username, password, email: `${username}@example.com` });
  expect(r.status).toBe(201);
  return { user: username, password };
}
