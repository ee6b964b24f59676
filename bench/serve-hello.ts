// Child process of bench/get.ts: bare Hono on $PORT, the ceilings to compare with: `/` answers a
// hello-world, `/doc` a fixed JSON document of 2.4 KB (the size of the site's document answer),
// stringified per request as the site does.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const doc = {
  '@id': 'http://localhost:8080/Plone/front-page',
  '@type': 'Document',
  title: 'Welcome to the bench',
  description: 'A document of ordinary size.',
  text: { data: '<p>' + 'Lorem ipsum dolor sit amet. '.repeat(74) + '</p>', 'content-type': 'text/html', encoding: 'utf-8' },
  subjects: ['bench', 'http'],
  review_state: 'published',
  created: '2026-01-01T00:00:00+00:00',
  modified: '2026-01-01T00:00:00+00:00',
};

const app = new Hono();
app.get('/doc', (c) => c.json(doc));
app.get('*', (c) => c.json({ hello: 'world' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.error('ready'));
process.on('SIGTERM', () => process.exit(0)); // lets --cpu-prof write its profile
