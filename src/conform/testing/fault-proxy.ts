// An HTTP proxy that injects faults between the conformance run and a server, for the tests of
// the tool: does a known deviation make exactly the checks about it fail?
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'drop-items-total' | 'created-as-200' | 'ignore-b-size';

function dropItemsTotal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropItemsTotal);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const listing = Array.isArray((value as { items?: unknown }).items);
    for (const [k, v] of Object.entries(value)) if (!(listing && k === 'items_total')) out[k] = dropItemsTotal(v);
    return out;
  }
  return value;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

/** Listens on a free port and forwards to `target` (an origin like http://127.0.0.1:1234) with the faults. */
export async function startFaultProxy(target: string, faults: Fault[]): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', target);
      if (faults.includes('ignore-b-size')) url.searchParams.delete('b_size');
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP.has(k)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await bodyOf(req);
      const answer = await fetch(url, { method: req.method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
      let status = answer.status;
      let bytes = Buffer.from(await answer.arrayBuffer());
      if (faults.includes('created-as-200') && status === 201) status = 200;
      if (faults.includes('drop-items-total') && /json/.test(answer.headers.get('content-type') ?? '') && bytes.length) {
        try {
          bytes = Buffer.from(JSON.stringify(dropItemsTotal(JSON.parse(bytes.toString()))));
        } catch {
          // not JSON after all: pass it on unchanged
        }
      }
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((v, k) => {
        if (!HOP.has(k) && k !== 'set-cookie') out[k] = v;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies;
      res.writeHead(status, out);
      res.end(bytes);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${(err as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
