// @database: the database figures, for site managers only.
import { anyArray, anyNumber, anyString } from '../expect.ts';
import { family, supplement } from './define.ts';

export default family('database', [
  {
    id: 'database.read.figures',
    level: 'SHOULD',
    source: supplement('31.14'),
    title: 'GET /@database answers {@id, db_name, db_size, database_size, cache_length, cache_length_bytes, cache_detail_length, cache_size}',
    async run(t) {
      const r = await t.get('/@database');
      t.status(r, 200);
      t.body(r, { '@id': t.url('/@database'), db_name: anyString, db_size: anyNumber, database_size: anyNumber, cache_length: anyNumber, cache_length_bytes: anyNumber, cache_detail_length: anyArray, cache_size: anyNumber });
    },
  },
  {
    id: 'database.access.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('31.14 (Plone Site Setup: Overview)'),
    title: 'Anonymous callers cannot read @database (401)',
    async run(t) {
      t.status(await t.get('/@database', { auth: 'anonymous' }), 401);
    },
  },
]);
