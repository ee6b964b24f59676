// A fresh in-process site for the unit and property tests of src/auth and the user endpoints:
// requests through app.request, plus direct access to the store and services.
import { createServer, type ServerOptions } from '../server.ts';

export const BASE = 'http://localhost:8080/Plone';

export type Who = 'admin' | 'anonymous' | { user: string; password: string } | { bearer: string };

export function authorization(who: Who): string | undefined {
  if (who === 'anonymous') return undefined;
  if (who === 'admin') return 'Basic ' + Buffer.from('admin:admin').toString('base64');
  if ('bearer' in who) return `Bearer ${who.bearer}`;
  return 'Basic ' + Buffer.from(`${who.user}:${who.password}`).toString('base64');
}

export interface Answer {
  status: number;
  text: string;
  body: any;
}

export async function testSite(options: ServerOptions = {}) {
  const server = await createServer(options);
  const responses: string[] = [];
  const call = async (method: string, path: string, body?: unknown, who: Who = 'admin'): Promise<Answer> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const auth = authorization(who);
    if (auth) headers.Authorization = auth;
    const res = await server.app.request(/^https?:/.test(path) ? path : BASE + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    responses.push(`${res.status} ${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${text}`);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, text, body: parsed };
  };
  return { server, call, responses };
}
