// Content lifecycle at scale: @move of a folder with 10k descendants (time, and the latency of
// a write to an unrelated object sent while the move runs), the cost of a write once 10k
// automatic aliases exist, and a workflow transition with include_children on 10k descendants.
// In-process (app.request), so the figures exclude the network. Run: npx tsx bench/lifecycle.ts
import { createServer } from '../src/server.ts';
import type { ContentNode } from '../src/state/model.ts';
import { allNodes, mustGetNode, putNode } from '../src/state/nodes.ts';
import { insertChild } from '../src/state/children.ts';
import { fmt, isMain, percentile, printTable, type Row } from './lib.ts';

const BASE = 'http://localhost:8080/Plone';
const ADMIN = 'Basic ' + Buffer.from('admin:admin').toString('base64');
const FOLDERS = Number(process.env.BENCH_LIFECYCLE_FOLDERS ?? 100);
const PER_FOLDER = Number(process.env.BENCH_LIFECYCLE_PER_FOLDER ?? 99);

type Server = Awaited<ReturnType<typeof createServer>>;

async function call(server: Server, method: string, path: string, body?: unknown): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await server.app.request(BASE + path, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: ADMIN },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status}`);
  return { status: res.status, ms };
}

/** A folder `/big` with FOLDERS subfolders of PER_FOLDER pages each, written straight into the state. */
function buildBig(server: Server, parentUid: string): number {
  let count = 0;
  server.store.commit((draft) => {
    const now = '2026-01-01T00:00:00+00:00';
    const node = (id: string, type: string, parent: string): ContentNode => ({
      uid: `bench${String(draft.nextIntid).padStart(27, '0')}`,
      intid: draft.nextIntid++,
      id,
      type,
      parent,
      fields: { title: id, creators: ['admin'] },
      created: now,
      modified: now,
      layout: type === 'Folder' ? 'listing_view' : 'document_view',
      reviewState: 'private',
      workflowHistory: [{ action: null, actor: 'admin', comments: '', review_state: 'private', time: now }],
      localRoles: { admin: ['Owner'] },
      blockLocalRoles: false,
    });
    const attach = (parent: ContentNode, child: ContentNode) => {
      insertChild(parent, child.id, child.uid);
    };
    const big = node('big', 'Folder', parentUid);
    const all: ContentNode[] = [big];
    for (let f = 0; f < FOLDERS; f++) {
      const folder = node(`folder-${f}`, 'Folder', big.uid);
      attach(big, folder);
      all.push(folder);
      for (let d = 0; d < PER_FOLDER; d++) {
        const doc = node(`doc-${d}`, 'Document', folder.uid);
        attach(folder, doc);
        all.push(doc);
      }
    }
    for (const n of all) putNode(draft, n);
    attach(mustGetNode(draft, parentUid), big);
    count = all.length - 1;
  });
  return count;
}

async function patchLatencies(server: Server, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call(server, 'PATCH', '/other', { title: `Other ${i}` })).ms);
  return out.sort((a, b) => a - b);
}

export async function benchLifecycle(): Promise<Row[]> {
  const server = await createServer({});
  await call(server, 'POST', '', { '@type': 'Folder', id: 'dest', title: 'Destination' });
  await call(server, 'POST', '', { '@type': 'Document', id: 'other', title: 'Other' });
  const descendants = buildBig(server, server.store.current.rootUid);
  const before = await patchLatencies(server, 50);

  // The move, with an unrelated write sent right behind it.
  const t0 = performance.now();
  const move = call(server, 'POST', '/dest/@move', { source: '/big' });
  const during = call(server, 'PATCH', '/other', { title: 'During the move' });
  const moved = await move;
  const moveMs = performance.now() - t0;
  const duringMs = (await during).ms;
  const after = await patchLatencies(server, 50);
  const redirect = await server.app.request(`${BASE}/big/folder-7/doc-3`, { headers: { Accept: 'application/json' }, redirect: 'manual' });
  if (redirect.status !== 302) throw new Error(`old path answered ${redirect.status}`);

  const rows: Row[] = [
    { part: 'lifecycle', what: `@move of a folder with ${descendants} descendants`, value: `${fmt(moved.ms, 0)} ms` },
    { part: 'lifecycle', what: 'PATCH of an unrelated object sent during the move', value: `${fmt(duringMs, 0)} ms (move total ${fmt(moveMs, 0)} ms)` },
    { part: 'lifecycle', what: 'PATCH of an unrelated object, p50/p99 before the move', value: `${fmt(percentile(before, 50))} / ${fmt(percentile(before, 99))} ms` },
    { part: 'lifecycle', what: `PATCH p50/p99 with ${descendants + 1} automatic aliases stored`, value: `${fmt(percentile(after, 50))} / ${fmt(percentile(after, 99))} ms` },
  ];
  try {
    const wf = await call(server, 'POST', '/dest/big/@workflow/publish', { include_children: true });
    const published = [...allNodes(server.store.current)].filter((n) => n.reviewState === 'published').length;
    rows.push({ part: 'lifecycle', what: `@workflow/publish include_children on ${descendants} descendants`, value: `${fmt(wf.ms, 0)} ms (${published} published)` });
  } catch (err) {
    rows.push({ part: 'lifecycle', what: 'workflow include_children on 10k descendants', value: `not measured: ${(err as Error).message}` });
  }
  return rows;
}

if (isMain(import.meta.url)) printTable(await benchLifecycle());
