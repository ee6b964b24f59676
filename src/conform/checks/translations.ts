// @translations and @translation-locator on a multilingual site: linking (by URL, path or UID),
// the translation information, unlinking, create-and-link, the locator, the component, errors.
// Pages are made at the top of two language root folders (/<code>) and deleted afterwards.
import type { CheckContext, Created } from '../context.ts';
import { anyString, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

/** The languages of the site, at least two (their language root folders are /<code>). */
async function languages(t: CheckContext): Promise<[string, string, ...string[]]> {
  const langs = (await t.get('/@site')).body?.['plone.available_languages'];
  if (!Array.isArray(langs) || langs.length < 2) t.fail('setup: @site lists fewer than two available languages', [{ path: 'plone.available_languages', expected: 'two or more', actual: JSON.stringify(langs) }]);
  return langs as [string, string, ...string[]];
}

/** A page at the top of the language root folder of `lang`, deleted after the check. */
async function page(t: CheckContext, lang: string, extra: Record<string, unknown> = {}): Promise<Created> {
  const made = await t.create(`/${lang}`, { '@type': 'Document', id: t.unique(), title: `Page in ${lang}`, ...extra });
  t.forget(made.path);
  return made;
}

/** Two pages, one per language, linked as translations. */
async function linked(t: CheckContext) {
  const [a, b] = await languages(t);
  const one = await page(t, a);
  const two = await page(t, b);
  t.need(await t.post(`${one.path}/@translations`, { id: two.body.UID }), `linking ${one.path} with ${two.path}`);
  return { a, b, one, two };
}

const items = (t: CheckContext, path: string) => t.get(`${path}/@translations`).then((r) => r.body?.items);

export default family('translations', [
  {
    id: 'translations.link.answers-201',
    level: 'MUST',
    source: seed('Endpoints/Translations (POST {id}: 201, Location of the content, body {}); States/Translation link'),
    title: 'POST <content>/@translations {id} answers 201 with the content’s Location and {}',
    needs: ['multilingual'],
    async run(t) {
      const [a, b] = await languages(t);
      const one = await page(t, a);
      const two = await page(t, b);
      const r = await t.post(`${one.path}/@translations`, { id: two.body.UID });
      t.status(r, 201);
      t.header(r, 'Location', t.url(one.path));
      t.equal(r.body, {}, 'the answer body');
    },
  },
  {
    id: 'translations.read.information',
    level: 'MUST',
    source: seed('Resources/Translation information; Endpoints/Translations (GET)'),
    title: 'GET @translations answers {@id, items: [{@id, language}], root: {<code>: URL}}; both sides see the link',
    needs: ['multilingual'],
    async run(t) {
      const { a, b, one, two } = await linked(t);
      const r = await t.get(`${one.path}/@translations`);
      t.status(r, 200);
      t.body(r, {
        '@id': t.url(`${one.path}/@translations`),
        items: [{ '@id': t.url(two.path), language: b }],
        root: satisfies(`an object with the language roots of ${a} and ${b}`, (root) => root?.[a] === t.url(`/${a}`) && root?.[b] === t.url(`/${b}`)),
      });
      t.like(await items(t, two.path), [{ '@id': t.url(one.path), language: a }], 'the translations of the other page');
    },
  },
  {
    id: 'translations.link.by-url-path-or-uid',
    level: 'MUST',
    source: seed('Endpoints/Translations (id: full URL, site path, or UID)'),
    title: 'The id to link may be the full URL, the site path or the UID',
    needs: ['multilingual'],
    async run(t) {
      const [a, b] = await languages(t);
      for (const form of ['URL', 'path', 'UID'] as const) {
        const one = await page(t, a);
        const two = await page(t, b);
        const id = form === 'URL' ? t.url(two.path) : form === 'path' ? two.path : two.body.UID;
        t.status(await t.post(`${one.path}/@translations`, { id }), 201, `linking by ${form}`);
        t.like(await items(t, one.path), [{ '@id': t.url(two.path), language: b }], `the translations after linking by ${form}`);
      }
    },
  },
  {
    id: 'translations.unlink.answers-204',
    level: 'MUST',
    source: seed('Endpoints/Translations (DELETE {language}: 204); States/Translation link'),
    title: 'DELETE @translations {language} answers 204; neither page lists the other afterwards',
    needs: ['multilingual'],
    async run(t) {
      const { b, one, two } = await linked(t);
      t.status(await t.del(`${one.path}/@translations`, { language: b }), 204);
      t.like(await items(t, one.path), [], 'the translations of the first page');
      t.like(await items(t, two.path), [], 'the translations of the second page');
    },
  },
  {
    id: 'translations.create.translation-of',
    level: 'MUST',
    source: seed('Endpoints/Content (POST with language and translation_of); Endpoints/Translations'),
    title: 'A POST to a container with translation_of (UID) and language links the new object at once',
    needs: ['multilingual'],
    async run(t) {
      const [a, b] = await languages(t);
      const one = await page(t, a);
      const two = await page(t, b, { language: b, translation_of: one.body.UID });
      t.like(await items(t, one.path), [{ '@id': t.url(two.path), language: b }], 'the translations of the original');
    },
  },
  {
    id: 'translations.locator.target-language',
    level: 'MUST',
    source: seed('Endpoints/Translations (GET @translation-locator?target_language)'),
    title: 'GET @translation-locator?target_language=<code> answers {@id} of where the translation belongs (the language root for top-level content)',
    needs: ['multilingual'],
    async run(t) {
      const [a, b] = await languages(t);
      const one = await page(t, a);
      const r = await t.get(`${one.path}/@translation-locator?target_language=${b}`);
      t.status(r, 200);
      t.equal(r.body, { '@id': t.url(`/${b}`) }, 'the answer');
    },
  },
  {
    id: 'translations.expand.embeds-the-component',
    level: 'MUST',
    source: seed('Conventions 8 (expand=translations); Resources/Content object (@components translations)'),
    title: 'expand=translations embeds the translation information in @components',
    needs: ['multilingual'],
    async run(t) {
      const { b, one, two } = await linked(t);
      t.body(await t.get(`${one.path}?expand=translations`), { '@components': { translations: { items: [{ '@id': t.url(two.path), language: b }] } } });
    },
  },
  {
    id: 'translations.read.outside-language-roots',
    level: 'SHOULD',
    source: supplement('20 (outside a language root folder the answer is only {@id})'),
    title: 'GET /@translations on the site root answers only {@id}',
    needs: ['multilingual'],
    async run(t) {
      const r = await t.get('/@translations');
      t.status(r, 200);
      t.equal(r.body, { '@id': t.url('/@translations') }, 'the answer');
    },
  },
  {
    id: 'translations.create.language-of-the-root-folder',
    level: 'SHOULD',
    source: supplement('20 (language {token, title} on every translatable object)'),
    title: 'New content in a language root folder gets its language as {token, title}',
    needs: ['multilingual'],
    async run(t) {
      const [, b] = await languages(t);
      const made = await page(t, b);
      t.like(made.body.language, { token: b, title: anyString }, 'the language of the new page');
    },
  },
  {
    id: 'translations.link.errors-400',
    level: 'SHOULD',
    source: supplement('20 (POST errors, 400)'),
    title: 'A link without id, to missing content, to a language root folder, or into a language already linked answers 400 with the message',
    needs: ['multilingual'],
    async run(t) {
      const { b, one } = await linked(t);
      const cases: [unknown, string][] = [
        [{}, 'Missing content id to link to'],
        [{ id: t.url(`/${b}/${t.unique('nothing')}`) }, 'Content does not exist'],
        [{ id: `/${b}` }, 'Language Root Folders can only be linked between each other'],
      ];
      const other = await page(t, b);
      cases.push([{ id: other.body.UID }, `Source already translated into language ${b}`]);
      for (const [body, message] of cases) {
        const r = await t.post(`${one.path}/@translations`, body);
        t.status(r, 400, `POST @translations ${JSON.stringify(body)}`);
        t.body(r, { error: { type: 'BadRequest', message } });
      }
      t.like(await items(t, other.path), [], `the other ${b} page stays unlinked`);
    },
  },
  {
    id: 'translations.unlink.errors-400',
    level: 'SHOULD',
    source: supplement('20 (DELETE errors, 400)'),
    title: 'An unlink without language, of a language not linked, or of a language root folder answers 400 with the message',
    needs: ['multilingual'],
    async run(t) {
      const { a, b, one, two } = await linked(t);
      const other = (await languages(t))[2] ?? 'zz';
      const missing = await t.del(`${one.path}/@translations`, {});
      t.status(missing, 400, 'DELETE without language');
      t.body(missing, { error: { message: 'You need to provide the language to unlink' } });
      const unknown = await t.del(`${one.path}/@translations`, { language: other });
      t.status(unknown, 400, `DELETE of ${other}, a language the page is not translated into`);
      t.body(unknown, { error: { message: `This objects is not translated into ${other}` } });
      const root = await t.del(`/${a}/@translations`, { language: b });
      t.status(root, 400, 'DELETE on a language root folder');
      t.body(root, { error: { message: 'Language Root Folders cannot be unlinked' } });
      t.like(await items(t, one.path), [{ '@id': t.url(two.path), language: b }], 'the link is still there');
    },
  },
  {
    id: 'translations.link.refused-to-anonymous',
    level: 'SHOULD',
    source: supplement('20 (POST/DELETE need Manage Translations)'),
    title: 'Anonymous callers cannot link (401); nothing is linked',
    needs: ['multilingual'],
    async run(t) {
      const [a, b] = await languages(t);
      const one = await page(t, a);
      const two = await page(t, b);
      await t.transition(one.path, 'publish');
      t.status(await t.post(`${one.path}/@translations`, { id: two.body.UID }, { auth: 'anonymous' }), 401);
      t.like(await items(t, one.path), [], 'the translations afterwards');
    },
  },
  {
    id: 'translations.read.only-what-the-caller-may-view',
    level: 'SHOULD',
    source: supplement('20 (items: translations the caller may view)'),
    title: 'Anonymous callers do not see a private translation of a published page',
    needs: ['multilingual'],
    async run(t) {
      const { one } = await linked(t);
      await t.transition(one.path, 'publish');
      const r = await t.get(`${one.path}/@translations`, { auth: 'anonymous' });
      t.status(r, 200);
      t.body(r, { items: [] });
    },
  },
]);
