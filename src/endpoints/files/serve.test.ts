// Types stored before uploads were checked (old snapshots, fixtures written by hand) can be
// anything: serving them never answers 500 and never shows them inline.
import { describe, expect, it } from 'vitest';
import { createServer } from '../../server.ts';
import type { BlobRef, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { traverse } from '../../state/select.ts';

const SITE = 'http://localhost:8080/Plone';
const headers = { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64') };
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

describe('stored content types that are not media types', () => {
  it.each(['text/html\r\nSet-Cookie: a=b', 'image/gif\u0000', '', 'ïmage/gif', 'constructor', '__proto__'])('%j: 200, octet-stream, attachment, nosniff', async (bad) => {
    const server = await createServer({ admin: { user: 'admin', password: 'admin' } } as Parameters<typeof createServer>[0]);
    for (const [type, field, name] of [['File', 'file', 'f'], ['Image', 'image', 'i']]) {
      const body = { '@type': type, id: name, [field]: { data: GIF, encoding: 'base64', filename: 'x.gif', 'content-type': 'image/gif' } };
      const res = await server.app.request(SITE, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      server.store.commit((draft) => {
        const uid = traverse(draft as SiteState, [name])!.uid;
        (getNode(draft as SiteState, uid)!.fields[field] as BlobRef).contentType = bad;
      });
    }
    for (const path of ['f/@@download/file', 'f/@@display-file/file', 'i/@@images/image', 'i/@@images/image/thumb', 'i/@@display-file/image']) {
      const res = await server.app.request(`${SITE}/${path}`, { headers });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^(application\/octet-stream|image\/png)$/);
      if (res.headers.get('content-type') === 'application/octet-stream') expect(res.headers.get('content-disposition'), path).toMatch(/^attachment/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const json = await server.app.request(`${SITE}/i`, { headers });
    expect(json.status).toBe(200);
  });
});
