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

describe('titles everywhere a title is shown', () => {
  it('@history: creation, workflow and versioning entries, and the initial change note', async () => {
    expect((await api.post(`${box}/doc/@workflow/publish`)).status).toBe(200);
    const entries = (lang: string) => api.get(`${box}/doc/@history`, { headers: { 'Accept-Language': lang } }).then((r) => r.body);
    const pick = (list: any[]) => ({
      create: list.find((e) => e.action === 'Create'),
      publish: list.find((e) => e.action === 'publish'),
      version: list.find((e) => e.type === 'versioning' && e.version === 0),
    });
    const de = pick(await entries('de'));
    expect(de.create).toMatchObject({ action: 'Create', transition_title: 'Erstellen', state_title: 'Privat' });
    expect(de.publish).toMatchObject({ transition_title: 'Veröffentlichen', state_title: 'Veröffentlicht' });
    expect(de.version).toMatchObject({ action: 'Edited', transition_title: 'Bearbeitet', comments: 'Erste Version' });
    const es = pick(await entries('es'));
    expect([es.create.transition_title, es.publish.transition_title, es.version.transition_title, es.version.comments]).toEqual(['Crear', 'Publicar', 'Editado', 'Versión inicial']);
    const fr = pick(await entries('fr'));
    expect([fr.create.state_title, fr.publish.transition_title, fr.version.transition_title, fr.version.comments]).toEqual(['Privé', 'Publier', 'Modifié', 'Version initiale']);
    const en = pick(await entries('en'));
    expect([en.create.transition_title, en.version.transition_title, en.version.comments]).toEqual(['Create', 'Edited', 'Initial version']);
  });

  it('type schemas: fieldset and field titles', async () => {
    const de = (await api.get('/@types/Document', lang('de'))).body;
    expect(de.fieldsets.map((f: any) => f.title)).toEqual(['Standard', 'Einstellungen', 'Kategorisierung', 'Datum', 'Urheberschaft']);
    expect(de.properties.title.title).toBe('Titel');
    expect(de.properties.subjects.title).toBe('Schlagwörter');
    const fr = (await api.get('/@types/Document', lang('fr'))).body;
    expect(fr.fieldsets.map((f: any) => f.title)).toEqual(['Par défaut', 'Paramètres', 'Catégorisation', 'Dates', 'Propriété']);
    expect((await api.get('/@types/Document/dates', lang('es'))).body.title).toBe('Fechas');
    expect((await api.get('/@types/Document/title', lang('es'))).body.title).toBe('Título');
    expect((await api.get('/@types/Document')).body.fieldsets[0].title).toBe('Default');
  });

  it('workflow vocabularies, type vocabularies, actions, navigation and sharing roles', async () => {
    const states = (await api.get('/@vocabularies/cms.app.vocabularies.WorkflowStates?token=pending', lang('de'))).body.items;
    expect(states).toEqual([{ title: 'Zur Redaktion eingereicht [pending]', token: 'pending' }]);
    const types = (await api.get('/@vocabularies/cms.app.vocabularies.ReallyUserFriendlyTypes', lang('es'))).body.items;
    expect(types.map((t: any) => t.title)).toEqual(['Archivo', 'Carpeta', 'Colección', 'Comentario', 'Enlace', 'Evento', 'Imagen', 'Noticia', 'Página']);
    const actions = (await api.get(`${box}/doc/@actions`, lang('fr'))).body;
    expect(actions.object.find((a: any) => a.id === 'edit').title).toBe('Modifier');
    expect(actions.user.find((a: any) => a.id === 'logout').title).toBe('Se déconnecter');
    expect((await api.get('/@navigation', lang('de'))).body.items[0].title).toBe('Startseite');
    const roles = (await api.get(`${box}/@sharing`, lang('es'))).body.available_roles;
    expect(roles.map((r: any) => r.title)).toEqual(['Puede agregar', 'Puede editar', 'Puede ver', 'Puede revisar']);
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
