// Rich text through the safe-HTML filter: the GET of a Document right after its text changed (the
// filter runs), and after another change that leaves the text alone (the memoised result is used),
// for texts of 10 kB, 100 kB and 1 MB. In-process (app.request). Run: npx tsx bench/rich-text.ts
import { createServer } from '../src/server.ts';
import { fmt, isMain, printTable, type Row } from './lib.ts';

const BASE = 'http://localhost:8080/Plone';
const HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64') };
const PARA = '<p class="lead">Some <b>bold</b> text, <a href="https://example.org/page" onclick="x()">a link</a> and <img src="/i.png" alt="i"> an image.</p>\n';

type Server = Awaited<ReturnType<typeof createServer>>;

async function timed(server: Server, method: string, path: string, body?: unknown): Promise<number> {
  const t0 = performance.now();
  const res = await server.app.request(BASE + path, { method, headers: HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status}`);
  return performance.now() - t0;
}

export async function benchRichText(): Promise<Row[]> {
  const server = await createServer({});
  const rows: Row[] = [];
  for (const size of [10_000, 100_000, 1_000_000]) {
    const text = PARA.repeat(Math.ceil(size / PARA.length));
    const id = `doc-${size}`;
    await timed(server, 'POST', '', { '@type': 'Document', id, title: id, text: { data: text, 'content-type': 'text/html' } });
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) {
      await timed(server, 'PATCH', `/${id}`, { text: { data: `${text}<p>${i}</p>`, 'content-type': 'text/html' } });
      cold.push(await timed(server, 'GET', `/${id}`));
      await timed(server, 'PATCH', `/${id}`, { title: `${id} ${i}` });
      warm.push(await timed(server, 'GET', `/${id}`));
    }
    const kb = `${Math.round(size / 1000)} kB`;
    rows.push({ part: 'rich-text', what: `GET after a text change (filter runs), ${kb}, median ms`, value: fmt(cold.sort((a, b) => a - b)[1], 1) });
    rows.push({ part: 'rich-text', what: `GET after another change (memoised), ${kb}, median ms`, value: fmt(warm.sort((a, b) => a - b)[1], 1) });
  }
  return rows;
}

if (isMain(import.meta.url)) printTable(await benchRichText());
