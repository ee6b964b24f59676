// The site-wide endpoints: @site, @system and @navroot.
import { absent, anyObject, anyString, nonEmptyString } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

export default family('site', [
  {
    id: 'site.settings.read',
    level: 'SHOULD',
    source: supplement('31.11'),
    title: 'GET @site answers the site settings (features, plone.site_title, …), also to Anonymous',
    async run(t) {
      const r = await t.get('/@site', { auth: 'anonymous' });
      t.status(r, 200);
      t.body(r, { '@id': t.url('/@site'), features: { multilingual: t.has('multilingual') }, 'plone.site_title': anyString, 'plone.default_language': nonEmptyString });
    },
  },
  {
    id: 'site.system.versions',
    level: 'SHOULD',
    source: supplement('31.12'),
    title: 'GET @system answers version strings to the Manager and 401 to Anonymous',
    async run(t) {
      const r = await t.get('/@system');
      t.status(r, 200);
      t.body(r, { '@id': t.url('/@system'), plone_restapi_version: anyString, plone_version: anyString });
      t.status(await t.get('/@system', { auth: 'anonymous' }), 401, 'GET @system by Anonymous');
    },
  },
  {
    id: 'site.navroot.of-content',
    level: 'MUST',
    source: seed('Endpoints/Navigation root'),
    title: 'GET <ctx>/@navroot answers {@id, navroot} with the site root for content outside language folders',
    async run(t) {
      const box = await t.sandbox();
      const r = await t.get(`${box}/@navroot`);
      t.status(r, 200);
      t.body(r, { '@id': t.url(`${box}/@navroot`), navroot: { '@id': t.url(''), '@type': anyString, title: anyString } });
    },
  },
  {
    id: 'site.navroot.language-folder',
    level: 'MUST',
    source: seed('Endpoints/Navigation root (the language folder in a multilingual site)'),
    title: 'In a multilingual site the navigation root of content below /en is /en',
    needs: ['multilingual'],
    async run(t) {
      const doc = await t.create('/en', { '@type': 'Document', id: t.unique(), title: 'In English' });
      t.forget(doc.path);
      const r = await t.get(`${doc.path}/@navroot`);
      t.status(r, 200);
      t.body(r, { navroot: { '@id': t.url('/en') } });
    },
  },
  {
    id: 'site.navroot.expand',
    level: 'MUST',
    source: seed('Endpoints/Navigation root (expansion name navroot)'),
    title: 'expand=navroot embeds the navigation root in @components',
    async run(t) {
      const box = await t.sandbox();
      t.body(await t.get(`${box}?expand=navroot`), { '@components': { navroot: { navroot: { '@id': t.url('') } } } });
    },
  },
  {
    id: 'site.navroot.on-the-site-root',
    level: 'MUST',
    source: seed('Endpoints/Navigation root (the root is the site root)'),
    title: 'GET /@navroot on the site root answers the site root itself',
    async run(t) {
      const r = await t.get('/@navroot');
      t.status(r, 200);
      t.body(r, { '@id': t.url('/@navroot'), navroot: { '@id': t.url('') } });
    },
  },
  {
    id: 'site.navroot.full-object-without-items',
    level: 'SHOULD',
    source: supplement('21 (the full serialisation of the navigation root without items and @components)'),
    title: 'The navroot is the root’s serialisation (same UID and title, parent {}) without items, items_total or @components',
    async run(t) {
      const box = await t.sandbox();
      const site = (await t.get('')).body;
      t.body(await t.get(`${box}/@navroot`), { navroot: { '@id': t.url(''), UID: site?.UID, title: site?.title, parent: {}, is_folderish: true, items: absent, items_total: absent, '@components': absent } });
    },
  },
  {
    id: 'site.navroot.expand-equals-the-endpoint',
    level: 'SHOULD',
    source: supplement('21 (expand=navroot embeds the same object)'),
    title: 'expand=navroot embeds exactly the answer of @navroot',
    async run(t) {
      const box = await t.sandbox();
      const standalone = (await t.get(`${box}/@navroot`)).body;
      t.body(await t.get(`${box}?expand=navroot`), { '@components': { navroot: standalone } });
    },
  },
  {
    id: 'site.translations.component',
    level: 'MUST',
    source: seed('Resources/Content object (@components translations for translatable content)'),
    title: 'In a multilingual site translatable content links its translations component',
    needs: ['multilingual'],
    async run(t) {
      const doc = await t.create('/en', { '@type': 'Document', id: t.unique(), title: 'Translatable' });
      t.forget(doc.path);
      t.body(await t.get(doc.path), { '@components': { translations: { '@id': t.url(`${doc.path}/@translations`) } } });
      const r = await t.get(`${doc.path}/@translations`);
      t.status(r, 200);
      t.body(r, { '@id': anyString, items: [], root: anyObject });
    },
  },
]);
