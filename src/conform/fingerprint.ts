// What a run must leave as it found it: the site's content, users, groups, registry and
// site-wide aliases, and (where the server offers them) its relations, content types, content
// rules and installed add-ons, read through the interface before and after and compared.
import type { Recorder } from './http.ts';

export type Fingerprint = Record<'content' | 'users' | 'groups' | 'registry' | 'aliases' | 'relations' | 'types' | 'rules' | 'addons', Map<string, string>>;

const PAGE = 500;

/** Every item of a batched listing, following `batching.next`. */
async function allItems(rec: Recorder, path: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let url: string | undefined = path;
  for (let pages = 0; url && pages < 10_000; pages++) {
    const r = await rec.request('GET', url);
    if (r.status < 200 || r.status > 299) throw new Error(`GET ${url} answered ${r.status}`);
    const list = Array.isArray(r.body) ? r.body : r.body?.items;
    if (!Array.isArray(list)) throw new Error(`GET ${url} answered no list`);
    items.push(...list);
    url = Array.isArray(r.body) ? undefined : r.body?.batching?.next;
  }
  return items;
}

const keyed = (items: unknown[], key: (item: any) => string, value: (item: any) => unknown = (i) => i) =>
  new Map(items.map((i) => [key(i), JSON.stringify(value(i))]));

/** The JSON answer of an endpoint a server may not offer (undefined then: that area stays empty). */
async function optional(rec: Recorder, path: string): Promise<any> {
  const r = await rec.request('GET', path);
  return r.status >= 200 && r.status < 300 ? r.body : undefined;
}

/** Relation counts per name, working and broken. */
function relationCounts(body: any): Map<string, string> {
  const out = new Map<string, string>();
  for (const [kind, counts] of [['stats', body?.stats], ['broken', body?.broken]] as const) {
    if (counts && typeof counts === 'object') for (const [name, n] of Object.entries(counts)) out.set(`${kind} ${name}`, JSON.stringify(n));
  }
  return out;
}

const list = (value: unknown): any[] => (Array.isArray(value) ? value : []);

export async function fingerprint(rec: Recorder): Promise<Fingerprint> {
  const content = await allItems(rec, `/@search?sort_on=path&b_size=${PAGE}&metadata_fields=UID&metadata_fields=modified`);
  const users = await allItems(rec, '/@users');
  const groups = await allItems(rec, '/@groups');
  const registry = await allItems(rec, `/@registry?b_size=${PAGE}`);
  const aliases = await allItems(rec, `/@aliases?b_size=${PAGE}`);
  const relations = await optional(rec, '/@relations');
  const types = await optional(rec, '/@controlpanels/dexterity-types');
  const rules = await optional(rec, '/@controlpanels/content-rules');
  const addons = await optional(rec, '/@addons');
  return {
    content: keyed(content, (i) => i['@id'], ({ '@id': _, ...rest }) => rest),
    users: keyed(users, (u) => u.id),
    groups: keyed(groups, (g) => g.id),
    registry: keyed(registry, (r) => r.name, (r) => r.value),
    aliases: keyed(aliases, (a) => a.path),
    relations: relationCounts(relations),
    types: keyed(list(types?.items), (t) => t.id, (t) => t.title),
    // The panel's items are a list holding one list of rules (supplement 13.5).
    rules: keyed(list(rules?.items).flat(), (r) => r.id, ({ id, title, enabled, trigger }) => ({ id, title, enabled, trigger })),
    addons: keyed(list(addons?.items), (a) => a.id, (a) => a.is_installed),
  };
}

/** What differs between two fingerprints, one line per area (at most a few names each). */
export function fingerprintChanges(before: Fingerprint, after: Fingerprint): string[] {
  const lines: string[] = [];
  for (const area of Object.keys(before) as (keyof Fingerprint)[]) {
    const a = before[area];
    const b = after[area];
    const added = [...b.keys()].filter((k) => !a.has(k));
    const removed = [...a.keys()].filter((k) => !b.has(k));
    const changed = [...a.keys()].filter((k) => b.has(k) && a.get(k) !== b.get(k));
    const some = (label: string, keys: string[]) => (keys.length ? `${label} ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ` (+${keys.length - 5} more)` : ''}` : '');
    const parts = [some('added', added), some('removed', removed), some('changed', changed)].filter(Boolean);
    if (parts.length) lines.push(`${area}: ${parts.join('; ')}`);
  }
  return lines;
}
