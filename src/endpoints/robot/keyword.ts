// A keyword of the remote library: its Python signature (for argument checks and the messages
// Python's TypeError gives), its docstring, and what it does.
import type { Principal } from '../../auth/principal.ts';
import type { ApiResponse, Services } from '../../http/types.ts';
import type { Store } from '../../state/store.ts';
import type { RpcValue } from '../../lib/xmlrpc/value.ts';

/** A keyword failed: answered as a FAIL result with this message (Python's `str(exception)`). */
export class KeywordError extends Error {}

export interface Signature {
  /** Required positional parameters (after `self`). */
  required: string[];
  /** Positional parameters with defaults. */
  optional?: string[];
  /** Accepts `*args`. */
  rest?: boolean;
  /** Accepts `**kwargs` (otherwise only the named parameters above). */
  named?: boolean;
}

export interface KeywordCall {
  /** The caller: its credentials, or the autologin user. */
  caller: Principal;
  /** The site owner, for what Plone's library does without permission checks. */
  system: Principal;
  store: Store;
  services: Services;
  /** URL of the site root as the caller addressed it. */
  siteUrl: string;
  /** Site path segments, e.g. ['plone']. */
  sitePath: string[];
  /** A request through the normal request path as `who` (permission checks included). */
  send(who: Principal, method: string, path: string, body?: unknown): Promise<ApiResponse>;
  newUid(): string;
  now(): string;
}

export interface Keyword {
  name: string;
  signature: Signature;
  /** The docstring (get_keyword_documentation); null: the method has none. */
  doc: string | null;
  run(call: KeywordCall, args: RpcValue[], kwargs: Map<string, RpcValue>): Promise<RpcValue | undefined> | RpcValue | undefined;
}

const quoteList = (names: string[]) =>
  names.length === 1 ? `'${names[0]}'` : `${names.slice(0, -1).map((n) => `'${n}'`).join(', ')} and '${names[names.length - 1]}'`;

/** Python's complaint about these arguments, or undefined when they fit the signature. */
export function arityProblem(k: Keyword, args: RpcValue[], kwargs: Map<string, RpcValue>): string | undefined {
  const { required, optional = [], rest, named } = k.signature;
  const positional = [...required, ...optional];
  if (!rest && args.length > positional.length) {
    const takes = optional.length ? `from ${required.length + 1} to ${positional.length + 1}` : String(positional.length + 1);
    const plural = positional.length + 1 === 1 && !optional.length ? 'argument' : 'arguments';
    return `${k.name}() takes ${takes} positional ${plural} but ${args.length + 1} were given`;
  }
  for (const [name] of kwargs) {
    const at = positional.indexOf(name);
    if (at === -1 && !named) return `${k.name}() got an unexpected keyword argument '${name}'`;
    if (at !== -1 && at < args.length) return `${k.name}() got multiple values for argument '${name}'`;
  }
  const missing = required.filter((name, i) => i >= args.length && !kwargs.has(name));
  if (missing.length) return `${k.name}() missing ${missing.length} required positional argument${missing.length > 1 ? 's' : ''}: ${quoteList(missing)}`;
  return undefined;
}

/** Positional argument `i` or the keyword argument of the same name. */
export function arg(k: Keyword, args: RpcValue[], kwargs: Map<string, RpcValue>, name: string): RpcValue | undefined {
  const at = [...k.signature.required, ...(k.signature.optional ?? [])].indexOf(name);
  if (at !== -1 && at < args.length) return args[at];
  return kwargs.get(name);
}

/** `"name=value"` strings among positional arguments are keyword arguments (the library's convention). */
export function splitNamed(args: RpcValue[], kwargs: Map<string, RpcValue>): { positional: RpcValue[]; named: Map<string, RpcValue> } {
  const positional: RpcValue[] = [];
  const named = new Map(kwargs);
  for (const a of args) {
    const at = typeof a === 'string' ? a.indexOf('=') : -1;
    const name = at > 0 ? (a as string).slice(0, at) : '';
    if (name && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) named.set(name, (a as string).slice(at + 1));
    else positional.push(a);
  }
  return { positional, named };
}

/** The text of an error answer of the API. */
export function errorText(res: ApiResponse): string {
  const body = res.body as { error?: { message?: unknown; type?: unknown }; message?: unknown } | undefined;
  const message = body?.error?.message ?? body?.message;
  if (typeof message === 'string' && message) return message;
  const type = body?.error?.type;
  return typeof type === 'string' ? `${type} (${res.status})` : `HTTP ${res.status}`;
}

/** Send, and turn an error answer into a FAIL. */
export async function sendOk(call: KeywordCall, who: Principal, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  const res = await call.send(who, method, path, body);
  if (res.status >= 400) throw new KeywordError(errorText(res));
  return res;
}

export const text = (v: RpcValue | undefined): string | undefined => (v === undefined || v === null ? undefined : typeof v === 'string' ? v : String(v));

/** Python truthiness of a keyword argument given as a string (`"False"`, `"0"`, `""` are false). */
export function truthy(v: RpcValue | undefined): boolean {
  if (typeof v === 'string') return !['', '0', 'false', 'no', 'none', 'off'].includes(v.trim().toLowerCase());
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  return !!v;
}

