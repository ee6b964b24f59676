// Request URL -> site-relative content path, endpoint and view, plus the public URLs to use in
// responses. Handles `++api++`, Zope virtual hosting (VirtualHostBase / VirtualHostRoot / _vh_)
// and double slashes.
import { notFound } from '../lib/errors.ts';

export interface ParsedUrl {
  /** Public URL of the site root, used for every @id. */
  siteUrl: string;
  /** Segments below the site root, before any `@` or `@@` segment. */
  contentPath: string[];
  endpoint: string | null;
  params: string[];
  view: string | null;
  viewParams: string[];
  /**
   * Public URL of the request with its query string, as the client sent it: `++api++` stays where
   * it was used (Zope's ACTUAL_URL). @ids that name the request (listings, batching links) use it;
   * @ids of objects use `siteUrl` and never carry `++api++`.
   */
  requestUrl: string;
  /** The same without the query string. */
  requestPath: string;
  /** The request named ++api++ twice in a row: answer 302 to this URL. */
  redirect?: string;
  /** The public part of the URL went through ++api++ (redirects put it back). */
  api?: boolean;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const encodeSegment = (s: string) => encodeURIComponent(s).replace(/%40/g, '@').replace(/%2B/g, '+').replace(/%3A/g, ':');

export function parseUrl(url: URL, sitePath: string[]): ParsedUrl {
  let segments = url.pathname.split('/').filter(Boolean).map(decode);
  let publicRoot = url.origin;
  let physicalBase: string[] = [];

  if (segments[0] === 'VirtualHostBase') {
    const scheme = segments[1];
    const hostPort = segments[2];
    if (!scheme || !hostPort) throw notFound();
    const [host, port] = hostPort.split(':');
    const defaultPort = (scheme === 'https' && port === '443') || (scheme === 'http' && port === '80');
    publicRoot = `${scheme}://${host}${port && !defaultPort ? `:${port}` : ''}`;
    const rest = segments.slice(3);
    const vhr = rest.indexOf('VirtualHostRoot');
    if (vhr === -1) {
      segments = rest;
    } else {
      physicalBase = rest.slice(0, vhr);
      const after = rest.slice(vhr + 1);
      const vh = after.filter((s) => s.startsWith('_vh_')).map((s) => s.slice(4));
      if (vh.length) publicRoot += '/' + vh.map(encodeSegment).join('/');
      segments = [...physicalBase, ...after.filter((s) => !s.startsWith('_vh_'))];
    }
  }

  // ++api++: adjacent repeats redirect, non-adjacent repeats are not found.
  const apiAt = segments.flatMap((s, i) => (s === '++api++' ? [i] : []));
  let redirectNeeded = false;
  for (let i = 1; i < apiAt.length; i++) {
    if (apiAt[i] !== apiAt[i - 1] + 1) throw notFound();
    redirectNeeded = true;
  }
  const physicalBaseClean = physicalBase.filter((s) => s !== '++api++');
  const logical = segments.filter((s) => s !== '++api++');

  for (let i = 0; i < sitePath.length; i++) {
    if (logical[i] !== sitePath[i]) throw notFound();
  }
  const below = logical.slice(sitePath.length);

  const publicUrlOf = (physical: string[]) => {
    const rel = physical.slice(Math.min(physicalBaseClean.length, physical.length));
    return publicRoot + (rel.length ? '/' + rel.map(encodeSegment).join('/') : '');
  };
  const siteUrl = publicUrlOf(sitePath);

  const at = below.findIndex((s) => s.startsWith('@'));
  const contentPath = at === -1 ? below : below.slice(0, at);
  let endpoint: string | null = null;
  let params: string[] = [];
  let view: string | null = null;
  let viewParams: string[] = [];
  if (at !== -1) {
    const name = below[at];
    if (name.startsWith('@@')) {
      view = name;
      viewParams = below.slice(at + 1);
    } else {
      endpoint = name;
      params = below.slice(at + 1);
    }
  }
  // The public segments of the request: what follows the virtual host root, ++api++ included.
  const publicSegments = segments.slice(physicalBase.length).filter((s, i, all) => !(s === '++api++' && all[i - 1] === '++api++'));
  const requestPath = publicRoot + (publicSegments.length ? '/' + publicSegments.map(encodeSegment).join('/') : '');
  const requestUrl = requestPath + url.search;
  const result: ParsedUrl = { siteUrl, contentPath, endpoint, params, view, viewParams, requestUrl, requestPath };
  if (segments.slice(physicalBase.length).includes('++api++')) result.api = true;
  if (redirectNeeded) {
    const once: string[] = [];
    for (const s of url.pathname.split('/')) if (!(s === '++api++' && once[once.length - 1] === '++api++')) once.push(s);
    result.redirect = url.origin + once.join('/') + url.search;
  }
  return result;
}

/**
 * parseUrl remembered per (origin, path) for one site path: every part but the query string is a
 * function of those, so a page asked again with other parameters is not parsed again. Bounded;
 * paths that fail to parse or redirect are never kept. Answers are shared: never change one.
 */
export class ParsedUrls {
  private readonly known = new Map<string, ParsedUrl>();
  constructor(
    private readonly sitePath: string[],
    private readonly max = 2048,
  ) {}

  parse(url: URL): ParsedUrl {
    const key = `${url.origin} ${url.pathname}`;
    const hit = this.known.get(key);
    if (hit) return url.search ? { ...hit, requestUrl: hit.requestPath + url.search } : hit;
    const parsed = parseUrl(url, this.sitePath);
    if (parsed.redirect === undefined) {
      if (this.known.size >= this.max) this.known.clear();
      this.known.set(key, url.search ? { ...parsed, requestUrl: parsed.requestPath } : parsed);
    }
    return parsed;
  }
}
