// Child process of bench/persistence.ts: the server on $PORT with its data in $DATA_DIR,
// durable when $DURABLE=1, and 32 documents doc-0..doc-31 to patch.
import { serve } from '@hono/node-server';
import { createPersistentServer } from '../src/compose/boot.ts';
import { keepGarbageYoung } from '../src/lib/gc-tuning.ts';

keepGarbageYoung(); // as `npm start` runs the server (bin/cms-oracle.ts)

const port = Number(process.env.PORT);
const quiet = { info: () => {}, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
const s = await createPersistentServer(
  {},
  { dataDir: process.env.DATA_DIR!, durable: process.env.DURABLE === '1', snapshotInterval: 30, devEndpoints: false },
  quiet,
);
const headers = { Authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'), 'Content-Type': 'application/json', Accept: 'application/json' };
for (let i = 0; i < 32; i++) {
  const res = await s.app.request('http://localhost/Plone', { method: 'POST', headers, body: JSON.stringify({ '@type': 'Document', id: `doc-${i}`, title: `Doc ${i}` }) });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
}
serve({ fetch: s.app.fetch, port, hostname: '127.0.0.1' }, () => console.error('ready'));
process.on('SIGTERM', () => process.exit(0));
