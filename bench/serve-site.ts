// Child process of bench/get.ts: the real server with one published document, on $PORT.
import { serve } from '@hono/node-server';
import { createServer } from '../src/server.ts';
import { mustGetNode } from '../src/state/nodes.ts';
import { traverse } from '../src/state/select.ts';
import { keepGarbageYoung } from '../src/lib/gc-tuning.ts';

keepGarbageYoung(); // as `npm start` runs the server (bin/cms-oracle.ts)

const port = Number(process.env.PORT);
// RESPONSE_CACHE=off: no response cache at all (what one-off requests cost without it).
const s = await createServer({ responseCache: process.env.RESPONSE_CACHE !== 'off' });
const admin = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), 'Content-Type': 'application/json', Accept: 'application/json' };
const res = await s.app.request('http://localhost/Plone', {
  method: 'POST',
  headers: admin,
  body: JSON.stringify({
    '@type': 'Document',
    id: 'front-page',
    title: 'Welcome to the bench',
    description: 'A document of ordinary size.',
    text: { data: '<p>' + 'Lorem ipsum dolor sit amet. '.repeat(40) + '</p>', 'content-type': 'text/html', encoding: 'utf-8' },
    subjects: ['bench', 'http'],
  }),
});
if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
// Publish by a direct commit: the bench needs an anonymous-viewable document, not the workflow endpoint.
s.store.commit((d) => {
  mustGetNode(d, traverse(d, ['front-page'])!.uid).reviewState = 'published';
});
serve({ fetch: s.app.fetch, port, hostname: '127.0.0.1' }, () => console.error('ready'));
process.on('SIGTERM', () => process.exit(0)); // lets --cpu-prof write its profile
