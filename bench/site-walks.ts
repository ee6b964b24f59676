// Requests that once walked the whole site (issue 12): their cost must follow their answer, not
// the site. On sites of 10,000 and 100,000 objects (serve-folder.ts SPREAD), single client, p50
// over HTTP of:
//   - the content-types panel with its object counts per type (catalog portal_type postings);
//   - a copy whose source is given as an intid (the catalog's documents are numbered by intid);
//   - the full @relations listing of one relation name (the catalog's relation sources);
//   - deleting a user who holds local roles on one object (the catalog's grants index).
//   BENCH_WALK_SIZES (10000,100000), BENCH_WALK_RUNS (40)
//   npx tsx bench/site-walks.ts
import { withFolderServer } from './folders.ts';
import { fmt, isMain, percentile, printTable, type Row } from './lib.ts';

const SIZES = (process.env.BENCH_WALK_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_WALK_RUNS ?? 40);
const HEADERS = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), 'Content-Type': 'application/json', Accept: 'application/json' };

async function send(method: string, url: string, body: unknown, want: number): Promise<{ ms: number; json: any }> {
  const t = performance.now();
  const res = await fetch(url, { method, headers: HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== want) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return { ms, json: text ? JSON.parse(text) : undefined };
}

type Figures = Record<'types panel' | 'copy by intid' | '@relations listing' | 'user delete', number>;

async function measure(size: number): Promise<Figures & { documents: number }> {
  return withFolderServer({ SPREAD: String(size) }, async (base) => {
    const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
    const times = (n: number, run: (i: number) => Promise<number>) => (async () => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await run(i));
      return out;
    })();
    // a relation to list, and the answer each request must give
    const d1 = (await send('GET', `${base}/f0/d1`, undefined, 200)).json;
    await send('POST', `${base}/@relations`, { items: [{ source: `${base}/f0/d1`, target: `${base}/f0/d2`, relation: 'comprisesComponentPart' }] }, 204);
    const panel = await times(RUNS, async () => {
      const r = await send('GET', `${base}/@controlpanels/dexterity-types`, undefined, 200);
      if (!r.json.items.find((t: { id: string; count: number }) => t.id === 'Folder')?.count) throw new Error('no Folder count');
      return r.ms;
    });
    const documents = (await send('GET', `${base}/@controlpanels/dexterity-types`, undefined, 200)).json.items.find((t: { id: string }) => t.id === 'Document').count;
    // intids: the site root 1, then big 2, f0 3, d1 4
    const copy = await times(RUNS, async () => {
      const r = await send('POST', `${base}/big/@copy`, { source: 4 }, 200);
      if (r.json[0]?.source !== `${base}/f0/d1`) throw new Error(`copied ${JSON.stringify(r.json).slice(0, 200)}`);
      return r.ms;
    });
    const listing = await times(RUNS, async () => {
      const r = await send('GET', `${base}/@relations?relation=comprisesComponentPart`, undefined, 200);
      if (r.json.relations.comprisesComponentPart?.items?.[0]?.source?.UID !== d1.UID) throw new Error('relation not listed');
      return r.ms;
    });
    const deletes = await times(RUNS, async (i) => {
      const user = `walker${i}`;
      await send('POST', `${base}/@users`, { username: user, password: 'walker-password', email: `${user}@example.com` }, 201);
      await send('POST', `${base}/f0/d2/@sharing`, { entries: [{ id: user, type: 'user', roles: { Editor: true } }] }, 204);
      const r = await send('DELETE', `${base}/@users/${user}`, undefined, 204);
      const left = (await send('GET', `${base}/f0/d2/@sharing?search=${user}`, undefined, 200)).json.entries.find((e: { id: string }) => e.id === user);
      if (left && Object.values(left.roles).some((v) => v !== false)) throw new Error('local roles left behind');
      return r.ms;
    });
    return { 'types panel': p50(panel), 'copy by intid': p50(copy), '@relations listing': p50(listing), 'user delete': p50(deletes), documents };
  });
}

export async function benchSiteWalks(): Promise<Row[]> {
  const results = [];
  for (const size of SIZES) results.push({ size, figures: await measure(size) });
  const rows: Row[] = [];
  const small = results[0];
  for (const what of ['types panel', 'copy by intid', '@relations listing', 'user delete'] as const) {
    for (const { size, figures } of results) {
      const ratio = figures[what] / small.figures[what];
      rows.push({
        part: 'site-walks',
        what: `${what}, site of ${size.toLocaleString('en')} objects (p50)`,
        value: `${fmt(figures[what])} ms${size === small.size ? '' : ` (${fmt(ratio)}x the ${small.size.toLocaleString('en')} site)`}`,
        ...(size === small.size ? {} : { goal: '<= 2x', ok: ratio <= 2 }),
      });
    }
  }
  for (const { size, figures } of results) rows.push({ part: 'site-walks', what: `Document count the panel gave, site of ${size.toLocaleString('en')}`, value: String(figures.documents) });
  return rows;
}

if (isMain(import.meta.url)) printTable(await benchSiteWalks());
