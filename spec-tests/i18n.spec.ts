// Accept-Language (supplement 1.3): type titles, workflow state and transition titles in the
// negotiated language; English when no supported language is asked for.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;
const lang = (value: string) => ({ headers: { 'Accept-Language': value } });
const titles = async (acceptLanguage?: string) => {
  const r = await api.get('/@types', acceptLanguage ? lang(acceptLanguage) : {});
  expect(r.status).toBe(200);
  return Object.fromEntries(r.body.map((t: any) => [t.id, t.title]));
};

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  expect((await api.post(box, { '@type': 'Document', id: 'doc', title: 'Doc' })).status).toBe(201);
});

describe('@types titles', () => {
  it('are Spanish for Accept-Language: es, sorted by the translated title', async () => {
    const r = await api.get('/@types', lang('es'));
    expect(r.body.map((t: any) => t.title)).toEqual(['Archivo', 'Carpeta', 'Colección', 'Enlace', 'Evento', 'Imagen', 'Noticia', 'Página']);
  });

  it('are German and French for de and fr', async () => {
    expect(await titles('de')).toMatchObject({ Document: 'Seite', Folder: 'Ordner', 'News Item': 'Nachricht', Event: 'Termin' });
    expect(await titles('fr')).toMatchObject({ Document: 'Page', Folder: 'Dossier', 'News Item': 'Actualité', Event: 'Événement' });
  });

  it('are English without the header or for an unsupported language', async () => {
    const english = { Document: 'Page', Folder: 'Folder', 'News Item': 'News Item', Collection: 'Collection' };
    expect(await titles()).toMatchObject(english);
    expect(await titles('it')).toMatchObject(english);
    expect(await titles('en-US,en;q=0.9')).toMatchObject(english);
  });

  it('follow region tags and quality values', async () => {
    expect((await titles('de-DE'))['Document']).toBe('Seite');
    expect((await titles('fr;q=0.5, es;q=0.8'))['Document']).toBe('Página');
    expect((await titles('it, fr;q=0.1'))['Document']).toBe('Page');
    expect((await titles('it, de;q=0.1'))['Document']).toBe('Seite');
  });
});

describe('content serialisation', () => {
  it('translates type_title of the object and of its parent summary', async () => {
    const r = await api.get(`${box}/doc`, lang('de'));
    expect(r.body.type_title).toBe('Seite');
    expect(r.body.parent.type_title).toBe('Ordner');
    expect(r.body.title).toBe('Doc');
  });

  it('translates type titles of listed items', async () => {
    const r = await api.get(box, lang('es'));
    expect(r.body.items[0].type_title).toBe('Página');
  });
});

describe('@workflow titles', () => {
  it('translates the state and the transitions', async () => {
    const r = await api.get(`${box}/doc/@workflow`, lang('es'));
    expect(r.body.state).toEqual({ id: 'private', title: 'Privado' });
    expect(r.body.transitions.map((t: any) => t.title).sort()).toEqual(['Enviar a publicación', 'Publicar']);
    expect(r.body.history[0].title).toBe('Privado');
  });

  it('keeps English titles by default', async () => {
    const r = await api.get(`${box}/doc/@workflow`);
    expect(r.body.state.title).toBe('Private');
  });
});

describe('multilingual site', () => {
  it('answers content inside a language root folder in that language', async () => {
    const ml = await connect({ fixture: 'multilingual' });
    const r = await ml.post('/de', { '@type': 'Document', id: 'seite', title: 'Seite' });
    expect(r.body.type_title).toBe('Seite');
    expect(r.body.review_state).toBe('private');
    expect((await ml.get('/de/seite/@workflow')).body.state.title).toBe('Privat');
    expect((await ml.get('/en')).body.type_title).toBe('Language Root Folder');
    expect((await ml.get('/@types', lang('fr'))).body.find((t: any) => t.id === 'Document').title).toBe('Page');
    expect((await ml.get('/@types', lang('es'))).body.find((t: any) => t.id === 'Folder').title).toBe('Carpeta');
  });
});
