// @inherit (supplement 31.18) and the `inherit` component, present only with expand.inherit.behaviors.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';
import { create } from './lifecycle.helpers.ts';

let api: Api;
let box: string;

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
  await create(api, box, { '@type': 'Document', id: 'doc', title: 'Doc', subjects: ['a'] });
});

const Q = 'expand.inherit.behaviors';

describe('@inherit', () => {
  it('finds the nearest provider of each behavior', async () => {
    const r = await api.get(`${box}/doc/@inherit?${Q}=cms.navigationroot,cms.dublincore,cms.unknown`);
    expect(r.status).toBe(200);
    expect(r.body['@id']).toBe(`${api.base}${box}/doc/@inherit?${Q}=cms.navigationroot,cms.dublincore,cms.unknown`);
    expect(r.body['cms.navigationroot']).toEqual({ data: {}, from: { '@id': api.base, title: expect.any(String) } });
    expect(r.body['cms.dublincore'].from).toEqual({ '@id': `${api.base}${box}/doc`, title: 'Doc' });
    expect(r.body['cms.dublincore'].data.subjects).toEqual(['a']);
    expect(r.body['cms.unknown']).toBeUndefined();
  });

  it('answers {} without the parameter', async () => {
    const r = await api.get(`${box}/doc/@inherit`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
  });

  it('is a component only when the parameter is given', async () => {
    expect((await api.get(`${box}/doc`)).body['@components'].inherit).toBeUndefined();
    const linked = (await api.get(`${box}/doc?${Q}=cms.navigationroot`)).body['@components'].inherit;
    expect(linked).toEqual({ '@id': `${api.base}${box}/doc/@inherit?${Q}=cms.navigationroot` });
    const expanded = (await api.get(`${box}/doc?expand=inherit&${Q}=cms.navigationroot`)).body['@components'].inherit;
    expect(expanded).toEqual((await api.get(`${box}/doc/@inherit?${Q}=cms.navigationroot`)).body);
  });
});
