// @inherit: for each behavior named in expand.inherit.behaviors, the nearest ancestor-or-self
// providing it and its data; the inherit component only when the parameter is given.
import { absent, anyString } from '../expect.ts';
import { family, supplement } from './define.ts';

const Q = 'expand.inherit.behaviors';

export default family('inherit', [
  {
    id: 'inherit.read.nearest-provider',
    level: 'SHOULD',
    source: supplement('31.18'),
    title: '@inherit answers, per named behavior, {from: {@id, title}, data} of the nearest provider; unknown behaviors are left out',
    async run(t) {
      const box = await t.sandbox();
      const doc = await t.create(box, { '@type': 'Document', id: 'doc', title: 'Inheriting page', subjects: ['tagged'] });
      const query = `${Q}=cms.navigationroot,cms.dublincore,cms.no-such-behavior`;
      const r = await t.get(`${doc.path}/@inherit?${query}`);
      t.status(r, 200);
      t.body(r, {
        '@id': t.url(`${doc.path}/@inherit?${query}`),
        'cms.navigationroot': { from: { '@id': t.url(''), title: anyString }, data: {} },
        'cms.dublincore': { from: { '@id': t.url(doc.path), title: 'Inheriting page' }, data: { subjects: ['tagged'] } },
      });
      t.ok(!Object.hasOwn(r.body ?? {}, 'cms.no-such-behavior'), 'the unknown behavior is left out', r.body?.['cms.no-such-behavior'], '(no such key)');
    },
  },
  {
    id: 'inherit.read.without-behaviors',
    level: 'SHOULD',
    source: supplement('31.18 (without the parameter: {})'),
    title: '@inherit without expand.inherit.behaviors answers {}',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.get(`${box}/@inherit`);
      t.status(r, 200);
      t.equal(r.body, {}, 'the answer');
    },
  },
  {
    id: 'inherit.expand.component-with-the-parameter',
    level: 'SHOULD',
    source: supplement('31.18; 5.1'),
    title: 'Content links the inherit component only with expand.inherit.behaviors; expand=inherit embeds the @inherit answer',
    async run(t) {
      const box = await t.sandbox();
      const query = `${Q}=cms.navigationroot`;
      t.body(await t.get(box), { '@components': { inherit: absent } }, 'the sandbox without the parameter');
      t.body(await t.get(`${box}?${query}`), { '@components': { inherit: { '@id': t.url(`${box}/@inherit?${query}`) } } }, 'the sandbox with the parameter');
      const standalone = (await t.get(`${box}/@inherit?${query}`)).body;
      t.body(await t.get(`${box}?expand=inherit&${query}`), { '@components': { inherit: standalone } }, 'the sandbox with expand=inherit');
    },
  },
]);
