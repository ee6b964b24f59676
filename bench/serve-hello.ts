// Child process of bench/get.ts: a bare Hono hello-world on $PORT, the ceiling to compare with.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('*', (c) => c.json({ hello: 'world' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.error('ready'));
