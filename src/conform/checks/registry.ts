// @registry: one record's bare value, the batched listing, PATCH of records (restored after),
// Manage portal only.
import { anyInteger, anyString, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

const RECORD = 'plone.site_title';

export default family('registry', [
  {
    id: 'registry.list.batched-records',
    level: 'MUST',
    source: seed('Endpoints/Registry (GET /@registry); Resources/Registry record; Limits (next batch at 25)'),
    title: 'GET /@registry answers {@id, batching, items: [{name, schema: {properties}, value}], items_total}, 25 a batch',
    async run(t) {
      const r = await t.get('/@registry');
      t.status(r, 200);
      t.body(r, {
        '@id': t.url('/@registry'),
        items_total: anyInteger,
        items: satisfies('records {name, schema: {properties}, value}', (items) => Array.isArray(items) && items.length > 0 && items.every((i: any) => typeof i.name === 'string' && typeof i.schema?.properties === 'object' && 'value' in i)),
      });
      if (r.body.items_total > 25) {
        t.body(r, { items: satisfies('25 records', (i) => i.length === 25), batching: { next: satisfies('a URL with b_start=25', (u) => new URL(u).searchParams.get('b_start') === '25') } });
      }
    },
  },
  {
    id: 'registry.read.bare-value',
    level: 'MUST',
    source: seed('Endpoints/Registry (GET /@registry/<record_name>: the bare value)'),
    title: 'GET /@registry/<name> answers the bare value of the record',
    async run(t) {
      const list = await t.get('/@registry');
      const record = list.body?.items?.[0];
      t.like(record, { name: anyString }, 'a record of the listing');
      const r = await t.get(`/@registry/${record.name}`);
      t.status(r, 200);
      t.equal(r.body, record.value, `the value of ${record.name}`);
    },
  },
  {
    id: 'registry.update.patch',
    level: 'MUST',
    source: seed('Endpoints/Registry (PATCH /@registry/: 204)'),
    title: 'PATCH /@registry/ {name: value} answers 204; the value is read back (and restored after)',
    async run(t) {
      await t.keepRegistry([RECORD]);
      t.status(await t.patch('/@registry/', { [RECORD]: 'Conformance title' }), 204);
      t.equal((await t.get(`/@registry/${RECORD}`)).body, 'Conformance title', `the value of ${RECORD}`);
    },
  },
  {
    id: 'registry.update.refuses-unknown-names',
    level: 'SHOULD',
    source: supplement('23'),
    title: 'PATCH with an unknown record name is refused and changes nothing',
    async run(t) {
      await t.keepRegistry([RECORD]);
      const before = (await t.get(`/@registry/${RECORD}`)).body;
      const r = await t.patch('/@registry', { [RECORD]: 'Should not stick', 'plone.no_such_record_conformance': 1 });
      t.ok(r.status >= 400, 'the PATCH is refused', r.status, 'a 4xx or 5xx status');
      t.equal((await t.get(`/@registry/${RECORD}`)).body, before, `the value of ${RECORD}`);
    },
  },
  {
    id: 'registry.read.manager-only',
    level: 'MUST',
    source: seed('Endpoints/Registry (permission cmf.ManagePortal)'),
    title: 'Anonymous callers and members cannot read or change the registry',
    async run(t) {
      const member = await t.user();
      for (const auth of ['anonymous', member] as const) {
        t.status(await t.get('/@registry', { auth }), [401, 403], 'GET /@registry');
        t.status(await t.get(`/@registry/${RECORD}`, { auth }), [401, 403], `GET /@registry/${RECORD}`);
        t.status(await t.patch('/@registry', { [RECORD]: 'Hacked' }, { auth }), [401, 403], 'PATCH /@registry');
      }
      t.ok((await t.get(`/@registry/${RECORD}`)).body !== 'Hacked', 'the record is unchanged');
    },
  },
  {
    id: 'registry.list.prefix-filter',
    level: 'SHOULD',
    source: supplement('23'),
    title: '?q=<prefix> keeps the records whose name starts with it',
    async run(t) {
      const r = await t.get('/@registry?q=plone.site_');
      t.status(r, 200);
      t.body(r, { items: satisfies('records named plone.site_…', (items) => Array.isArray(items) && items.length > 0 && items.every((i: any) => i.name.startsWith('plone.site_'))) });
    },
  },
  {
    id: 'registry.read.record-schema',
    level: 'MUST',
    source: seed('Resources/Registry record (schema properties title, description, factory, type, default)'),
    title: 'A record’s schema properties have title, factory and type',
    async run(t) {
      const r = await t.get('/@registry?q=plone.site_title');
      t.body(r, { items: [{ name: RECORD, schema: { properties: { title: anyString, factory: anyString, type: 'string' } }, value: anyString }] });
    },
  },
]);
