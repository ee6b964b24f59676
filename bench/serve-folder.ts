// Child process of the scale benchmarks: the real server on $PORT (no fixture), prepared by direct
// commits of createContent (the reducer POST runs), so that only the measured requests go over HTTP:
//   CHILDREN=n   a folder /big holding n documents c0..c{n-1}
//   SPREAD=n     n more objects in folders /f0, /f1, ... of 500 documents each
//   TEXT=bytes   about that much text in each prepared document (default: none)
//   PROFILE=file a CPU profile (.cpuprofile) from SIGUSR2 (the bench sends it after its warm-up)
//                until SIGTERM
// It prints 'ready' on stderr once it listens.
import { serve } from '@hono/node-server';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer } from '../src/server.ts';
import { createContent } from '../src/endpoints/content/content.create.ts';
import type { ApiRequest } from '../src/http/types.ts';
import { bodyText } from './text.ts';
import { keepGarbageYoung } from '../src/lib/gc-tuning.ts';

keepGarbageYoung(); // as `npm start` runs the server (bin/cms-oracle.ts)

const CHILDREN = Number(process.env.CHILDREN ?? 0);
const SPREAD = Number(process.env.SPREAD ?? 0);
const TEXT = Number(process.env.TEXT ?? 0);
const PER_FOLDER = 500;
const PER_COMMIT = 1000;

const s = await createServer({});
const req = {
  now: s.clock.now(),
  newUid: () => randomUUID().replace(/-/g, ''),
  principal: { id: 'admin', fullname: 'admin', roles: ['Manager'], groups: [] },
} as unknown as ApiRequest;
const rootUid = s.store.current.rootUid;
const doc = (id: string, n: number) => ({
  '@type': 'Document',
  id,
  title: `Document ${n}`,
  ...(TEXT ? { text: { data: `<p>${bodyText(n, TEXT)}</p>`, 'content-type': 'text/html', encoding: 'utf-8' } } : {}),
});

/** Run `make(i)` for i in [0, n) in commits of PER_COMMIT. */
function inCommits(n: number, make: (draft: Parameters<Parameters<typeof s.store.commit>[0]>[0], i: number) => void): void {
  for (let i = 0; i < n; ) {
    s.store.commit((draft) => {
      for (let k = 0; k < PER_COMMIT && i < n; k++, i++) make(draft, i);
    });
  }
}

let big = '';
s.store.commit((draft) => {
  big = createContent(draft, req, { parentUid: rootUid, body: { '@type': 'Folder', id: 'big', title: 'Big' } });
});
inCommits(CHILDREN, (draft, i) => createContent(draft, req, { parentUid: big, body: doc(`c${i}`, i) }));
let folder = '';
inCommits(SPREAD, (draft, i) => {
  if (i % (PER_FOLDER + 1) === 0) {
    folder = createContent(draft, req, { parentUid: rootUid, body: { '@type': 'Folder', id: `f${i / (PER_FOLDER + 1)}`, title: `Folder ${i}` } });
  } else createContent(draft, req, { parentUid: folder, body: doc(`d${i}`, i) });
});
serve({ fetch: s.app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.error('ready'));
const profile = process.env.PROFILE;
const session = profile ? new Session() : undefined;
if (session) {
  session.connect();
  process.on('SIGUSR2', () => void session.post('Profiler.enable').then(() => session.post('Profiler.start')));
}
process.on('SIGTERM', async () => {
  if (session) writeFileSync(profile!, JSON.stringify((await session.post('Profiler.stop')).profile));
  process.exit(0);
});
