// @addons (list, detail, install, uninstall, upgrade) and @upgrade (information, dry run, run).
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, uniqueId, type Api, type Auth } from './client.ts';

let api: Api;
let member: Auth;

beforeAll(async () => {
  api = await connect();
  const name = uniqueId('addonmember');
  const r = await api.post('/@users', { username: name, password: 'member-password-1', email: `${name}@example.org` });
  expect(r.status, r.text).toBe(201);
  member = { user: name, password: 'member-password-1' };
});

const item = async (id: string) => {
  const r = await api.get('/@addons');
  return r.body.items.find((a: { id: string }) => a.id === id);
};

describe('@addons', () => {
  it('lists add-ons with real booleans and upgrade information', async () => {
    const r = await api.get('/@addons');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.items)).toBe(true);
    expect(r.body.items.length).toBeGreaterThan(3);
    for (const a of r.body.items) {
      expect(typeof a.id).toBe('string');
      expect(typeof a.is_installed).toBe('boolean');
      expect(typeof a.upgrade_info).toBe('object');
    }
  });

  it('installs and uninstalls an add-on, and the list follows', async () => {
    expect((await item('cms.session')).is_installed).toBe(false);
    expect((await api.post('/@addons/cms.session/install')).status).toBe(204);
    expect((await item('cms.session')).is_installed).toBe(true);
    expect((await api.post('/@addons/cms.session/uninstall')).status).toBe(204);
    expect((await item('cms.session')).is_installed).toBe(false);
  });

  it('answers to the real plone.* package names too (as Volto and @plone/client name add-ons)', async () => {
    const detail = await api.get('/@addons/plone.app.caching');
    expect(detail.status).toBe(200);
    expect(detail.body.id).toBe('cms.app.caching');
    expect((await api.post('/@addons/plone.app.caching/install')).status).toBe(204);
    expect((await item('cms.app.caching')).is_installed).toBe(true);
    expect((await api.post('/@addons/plone.app.caching/uninstall')).status).toBe(204);
    expect((await item('cms.app.caching')).is_installed).toBe(false);
    expect((await api.get('/@addons/plone.no.such.addon')).status).toBe(404);
  });

  it('shows the add-on detail', async () => {
    const r = await api.get('/@addons/cms.session');
    expect(r.status).toBe(200);
    expect(r.body.id).toBe('cms.session');
    expect(r.body.install_profile_id).toBeTypeOf('string');
  });

  it('filters upgradeable add-ons and upgrades them', async () => {
    const before = await api.get('/@addons?upgradeable');
    const pending = before.body.items.map((a: { id: string }) => a.id);
    expect(pending).toContain('cms.restapi');
    expect((await api.post('/@addons/cms.restapi/upgrade')).status).toBe(204);
    const after = await api.get('/@addons?upgradeable');
    expect(after.body.items.map((a: { id: string }) => a.id)).not.toContain('cms.restapi');
  });

  it('refuses anonymous callers and Members, changing nothing', async () => {
    for (const auth of ['anonymous', member] as const) {
      expect((await api.get('/@addons', { auth })).status).toBe(401);
      expect((await api.post('/@addons/cms.session/install', undefined, { auth })).status).toBe(401);
    }
    expect((await item('cms.session')).is_installed).toBe(false);
  });

  it('answers 404 for an unknown action', async () => {
    expect((await api.post('/@addons/cms.session/explode')).status).toBe(404);
  });
});

describe('@upgrade', () => {
  it('reports versions and pending steps; a dry run changes nothing; a run brings instance to fs', async () => {
    const info = await api.get('/@upgrade');
    expect(info.status).toBe(200);
    const { fs, instance } = info.body.versions;
    expect(typeof fs).toBe('string');
    expect(instance).not.toBe(fs);
    expect(Object.keys(info.body.upgrade_steps).length).toBeGreaterThan(0);
    const dry = await api.post('/@upgrade', { dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.dry_run).toBe(true);
    expect(dry.body.upgraded).toBe(false);
    expect(typeof dry.body.report).toBe('string');
    expect((await api.get('/@upgrade')).body.versions.instance).toBe(instance);
    const run = await api.post('/@upgrade', { dry_run: false });
    expect(run.body.upgraded).toBe(true);
    expect(run.body.versions.instance).toBe(fs);
    expect((await api.get('/@upgrade')).body.versions.instance).toBe(fs);
    expect((await api.get('/@system')).body.upgrade).toBe(false);
  });

  it('refuses a bad dry_run value and non-Managers', async () => {
    expect((await api.post('/@upgrade', { dry_run: 'maybe' })).status).toBe(400);
    expect((await api.get('/@upgrade', { auth: member })).status).toBe(401);
    expect((await api.post('/@upgrade', { dry_run: false }, { auth: 'anonymous' })).status).toBe(401);
  });
});
