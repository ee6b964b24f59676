// @site (site-wide settings, public) and @system (versions, site setup permission).
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;

beforeAll(async () => {
  api = await connect();
});

describe('GET @site', () => {
  it('answers the site settings with registry names', async () => {
    const r = await api.get('/@site');
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}/@site`);
    expect(r.body.features).toEqual({ filter_aliases_by_date: true, multilingual: false });
    const root = await api.get('');
    expect(r.body['plone.site_title']).toBe(root.body.title);
    expect(r.body['plone.site_logo']).toBeNull();
    expect(r.body['plone.robots_txt']).toContain('Sitemap: {portal_url}/sitemap.xml.gz');
    expect(r.body['plone.allowed_sizes']).toContain('thumb 128:128');
    expect(typeof r.body['plone.default_language']).toBe('string');
    expect(r.body['plone.available_languages']).toContain(r.body['plone.default_language']);
    expect(typeof r.body['plone.portal_timezone']).toBe('string');
  });

  it('answers anonymous callers too', async () => {
    const r = await api.get('/@site', { auth: 'anonymous' });
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}/@site`);
  });

  it('exists only on the site root', async () => {
    const box = await api.sandbox();
    expect((await api.get(`${box}/@site`)).status).toBe(404);
  });
});

describe('GET @system', () => {
  it('answers version strings to the administrator', async () => {
    const r = await api.get('/@system');
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}/@system`);
    for (const key of [
      'zope_version',
      'plone_version',
      'plone_restapi_version',
      'python_version',
      'cmf_version',
      'pil_version',
      'plone_gs_metadata_version_installed',
      'plone_gs_metadata_version_file_system',
    ]) {
      expect(typeof r.body[key], key).toBe('string');
    }
    expect(['Yes', 'No']).toContain(r.body.debug_mode);
    expect(r.body.upgrade).toBe(r.body.plone_gs_metadata_version_installed !== r.body.plone_gs_metadata_version_file_system);
  });

  it('refuses anonymous callers', async () => {
    expect((await api.get('/@system', { auth: 'anonymous' })).status).toBe(401);
  });
});
