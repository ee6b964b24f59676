// Multilingual support (supplement 20/21): language root folders, @translations (GET/POST/DELETE),
// @translation-locator, create-and-link, the translations component and the language navroot.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, uniqueId as unique, type Api } from './client.ts';

let api: Api;

async function doc(folder: string, body: Record<string, unknown> = {}): Promise<{ path: string; uid: string; body: any }> {
  const id = unique('doc');
  const r = await api.post(`/${folder}`, { '@type': 'Document', id, title: `Doc ${id}`, ...body });
  expect(r.status).toBe(201);
  return { path: `/${folder}/${id}`, uid: r.body.UID, body: r.body };
}

async function linked(): Promise<{ en: string; es: string }> {
  const en = await doc('en');
  const es = await doc('es');
  expect((await api.post(`${en.path}/@translations`, { id: es.uid })).status).toBe(201);
  return { en: en.path, es: es.path };
}

beforeAll(async () => {
  api = await connect({ fixture: 'multilingual' });
});

describe('multilingual site', () => {
  it('reports the feature in @site', async () => {
    const r = await api.get('/@site');
    expect(r.body.features.multilingual).toBe(true);
    expect(r.body['plone.available_languages']).toEqual(['en', 'de', 'es', 'fr']);
  });

  it('has one published language root folder per language, and the language switcher on the root', async () => {
    const de = await api.get('/de');
    expect(de.status).toBe(200);
    expect(de.body).toMatchObject({ '@type': 'LRF', type_title: 'Basisordner einer Sprache', title: 'Deutsch', review_state: 'published' });
    expect(de.body.language).toEqual({ token: 'de', title: 'Deutsch' });
    expect(de.body.exclude_from_nav).toBe(true);
    expect(de.body.layout).toBe('folder_listing');
    const en = await api.get('/en');
    expect(en.body.type_title).toBe('Language Root Folder');
    expect(en.body.items.find((i: any) => i['@id'] === `${api.base}/en/assets`)).toMatchObject({ '@type': 'LIF', title: 'Assets' });
    expect((await api.get('')).body.layout).toBe('language-switcher');
  });

  it('gives new content the language of its language root folder', async () => {
    const d = await doc('fr');
    expect(d.body.language).toEqual({ token: 'fr', title: 'Français' });
  });

  it('uses the language root folder as navigation root', async () => {
    const d = await doc('es');
    const r = await api.get(`${d.path}/@navroot`);
    expect(r.status).toBe(200);
    expect(r.body.navroot['@id']).toBe(`${api.base}/es`);
    expect(r.body.navroot['@type']).toBe('LRF');
    expect((await api.get('/@navroot')).body.navroot['@id']).toBe(api.base);
  });
});

describe('GET @translations', () => {
  it('lists the other translations and the language roots', async () => {
    const { en, es } = await linked();
    const r = await api.get(`${en}/@translations`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      '@id': `${api.base}${en}/@translations`,
      items: [{ '@id': `${api.base}${es}`, language: 'es' }],
      root: { de: `${api.base}/de`, en: `${api.base}/en`, es: `${api.base}/es`, fr: `${api.base}/fr` },
    });
    const back = await api.get(`${es}/@translations`);
    expect(back.body.items).toEqual([{ '@id': `${api.base}${en}`, language: 'en' }]);
  });

  it('links the language root folders to each other', async () => {
    const r = await api.get('/en/@translations');
    expect(r.body.items.map((i: any) => i.language).sort()).toEqual(['de', 'es', 'fr']);
  });

  it('answers only @id outside the language root folders', async () => {
    const r = await api.get('/@translations');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ '@id': `${api.base}/@translations` });
  });

  it('hides translations the caller may not view', async () => {
    const { en } = await linked();
    expect((await api.get(`${en}/@translations`, { auth: 'anonymous' })).status).toBe(401);
    await api.post(`${en}/@workflow/publish`);
    const r = await api.get(`${en}/@translations`, { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
  });
});

describe('POST @translations', () => {
  it('links by URL, path or UID: 201, Location of the context, empty object', async () => {
    for (const form of ['url', 'path', 'uid'] as const) {
      const en = await doc('en');
      const de = await doc('de');
      const id = form === 'url' ? `${api.base}${de.path}` : form === 'path' ? de.path : de.uid;
      const r = await api.post(`${en.path}/@translations`, { id });
      expect(r.status).toBe(201);
      expect(r.headers.get('location')).toBe(`${api.base}${en.path}`);
      expect(r.body).toEqual({});
      expect((await api.get(`${en.path}/@translations`)).body.items).toEqual([{ '@id': `${api.base}${de.path}`, language: 'de' }]);
    }
  });

  it('joins groups: linking a third object links it to all', async () => {
    const { en, es } = await linked();
    const fr = await doc('fr');
    expect((await api.post(`${fr.path}/@translations`, { id: es })).status).toBe(201);
    const items = (await api.get(`${en}/@translations`)).body.items.map((i: any) => i.language);
    expect(items.sort()).toEqual(['es', 'fr']);
  });

  const error = async (path: string, body: unknown, message: string) => {
    const r = await api.post(`${path}/@translations`, body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { type: 'BadRequest', message } });
  };

  it('rejects a missing id', async () => {
    const en = await doc('en');
    await error(en.path, {}, 'Missing content id to link to');
  });

  it('rejects content that does not exist', async () => {
    const en = await doc('en');
    await error(en.path, { id: `${api.base}/de/nothing-here` }, 'Content does not exist');
  });

  it('rejects linking a language root folder with content', async () => {
    const en = await doc('en');
    await error(en.path, { id: '/de' }, 'Language Root Folders can only be linked between each other');
  });

  it('rejects a source already translated into the language', async () => {
    const { en } = await linked();
    const es2 = await doc('es');
    await error(en, { id: es2.uid }, 'Source already translated into language es');
  });

  it('rejects a target already translated into the language', async () => {
    const { es } = await linked();
    const en2 = await doc('en');
    await error(en2.path, { id: es }, 'Target already translated into language en');
  });

  it('needs Manage Translations', async () => {
    const en = await doc('en');
    const de = await doc('de');
    expect((await api.post(`${en.path}/@translations`, { id: de.uid }, { auth: 'anonymous' })).status).toBe(401);
  });
});

describe('DELETE @translations', () => {
  it('unlinks the translation in the language: 204, both sides see it', async () => {
    const { en, es } = await linked();
    const r = await api.del(`${en}/@translations`, { language: 'es' });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await api.get(`${en}/@translations`)).body.items).toEqual([]);
    expect((await api.get(`${es}/@translations`)).body.items).toEqual([]);
  });

  it('keeps the rest of the group linked', async () => {
    const { en, es } = await linked();
    const fr = await doc('fr');
    await api.post(`${fr.path}/@translations`, { id: en });
    expect((await api.del(`${es}/@translations`, { language: 'en' })).status).toBe(204);
    // The English object left the group; Spanish and French stay linked.
    expect((await api.get(`${en}/@translations`)).body.items).toEqual([]);
    expect((await api.get(`${fr.path}/@translations`)).body.items).toEqual([{ '@id': `${api.base}${es}`, language: 'es' }]);
    expect((await api.get(`${es}/@translations`)).body.items).toEqual([{ '@id': `${api.base}${fr.path}`, language: 'fr' }]);
  });

  it('rejects a missing language', async () => {
    const { en } = await linked();
    const r = await api.del(`${en}/@translations`, {});
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('You need to provide the language to unlink');
  });

  it('rejects a language the object is not translated into', async () => {
    const { en } = await linked();
    const r = await api.del(`${en}/@translations`, { language: 'fr' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('This objects is not translated into fr');
  });

  it('refuses to unlink language root folders', async () => {
    const r = await api.del('/en/@translations', { language: 'de' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Language Root Folders cannot be unlinked');
  });
});

describe('GET @translation-locator', () => {
  it('answers the language root folder for content at the top of a language', async () => {
    const es = await doc('es');
    const r = await api.get(`${es.path}/@translation-locator?target_language=de`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ '@id': `${api.base}/de` });
  });

  it('answers the translation of the nearest translated ancestor', async () => {
    const folder = unique('folder');
    await api.post('/en', { '@type': 'Folder', id: folder, title: 'Folder' });
    const fr = await api.post('/fr', { '@type': 'Folder', id: folder, title: 'Dossier', language: 'fr', translation_of: `/en/${folder}` });
    expect(fr.status).toBe(201);
    await api.post(`/en/${folder}`, { '@type': 'Document', id: 'page', title: 'Page' });
    const r = await api.get(`/en/${folder}/page/@translation-locator?target_language=fr`);
    expect(r.body).toEqual({ '@id': `${api.base}/fr/${folder}` });
  });

  it('requires target_language', async () => {
    const es = await doc('es');
    expect((await api.get(`${es.path}/@translation-locator`)).status).toBe(400);
  });
});

describe('create and link', () => {
  it('links the new object to translation_of when language is given', async () => {
    const es = await doc('es');
    const de = await doc('de', { language: 'de', translation_of: es.uid });
    expect(de.body.language).toEqual({ token: 'de', title: 'Deutsch' });
    expect(de.body.type_title).toBe('Seite');
    expect(de.body.parent.type_title).toBe('Basisordner einer Sprache');
    expect((await api.get(`${es.path}/@translations`)).body.items).toEqual([{ '@id': `${api.base}${de.path}`, language: 'de' }]);
  });

  it('does not link without language', async () => {
    const es = await doc('es');
    await doc('de', { translation_of: es.uid });
    expect((await api.get(`${es.path}/@translations`)).body.items).toEqual([]);
  });
});

describe('translations component', () => {
  it('is listed for translatable content and expands to @translations', async () => {
    const { en, es } = await linked();
    const r = await api.get(`${en}?expand=translations`);
    expect(r.body['@components'].translations.items).toEqual([{ '@id': `${api.base}${es}`, language: 'es' }]);
    const plain = await api.get(es);
    expect(plain.body['@components'].translations).toEqual({ '@id': `${api.base}${es}/@translations` });
  });

  it('is not listed on the site root', async () => {
    expect((await api.get('')).body['@components']).not.toHaveProperty('translations');
  });

  it('does not exist in a single-language site', async () => {
    const single = await connect();
    const box = await single.sandbox();
    expect((await single.get(box)).body['@components']).not.toHaveProperty('translations');
    expect((await single.get(`${box}/@translations`)).status).toBe(404);
    expect((await single.get('/@site')).body.features.multilingual).toBe(false);
  });
});

describe('installing the add-on', () => {
  it('POST @addons/cms.app.multilingual/install creates the language root folders of the language control panel', async () => {
    const site = await connect();
    expect((await site.patch('/@controlpanels/language', { available_languages: ['en', 'es'], default_language: 'en' })).status).toBeLessThan(300);
    expect((await site.post('/@addons/cms.app.multilingual/install')).status).toBeLessThan(300);
    expect((await site.get('/@site')).body.features.multilingual).toBe(true);
    const es = await site.get('/es');
    expect(es.body).toMatchObject({ '@type': 'LRF', title: 'Español', review_state: 'published' });
    expect((await site.get('/de')).status).toBe(404);
    expect((await site.get('/en/@translations')).body.items).toEqual([{ '@id': `${site.base}/es`, language: 'es' }]);
  });
});
