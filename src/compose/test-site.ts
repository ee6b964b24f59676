// A fresh in-process site for the unit and property tests of src/auth and the user endpoints:
// requests through app.request, plus direct access to the store and services.
import { createServer, type ServerOptions } from '../server.ts';
import { callJson } from '../http/json-call.ts';

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
    const auth = authorization(who);
    const res = await callJson(server.app, method, /^https?:/.test(path) ? path : BASE + path, body, auth ? { Authorization: auth } : {});
    responses.push(`${res.status} ${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${res.text}`);
    return { status: res.status, text: res.text, body: res.body };
  };
  return { server, call, responses };
}
