// @portrait: a user's portrait as image bytes (by id, or one's own), 404 without one, removing
// it, and unsafe image types served as attachments.
import { family, supplement } from './define.ts';
import { PNG_300x200 } from './media.ts';

const png = { 'content-type': 'image/png', data: PNG_300x200, encoding: 'base64', filename: 'me.png' };
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>').toString('base64');

export default family('portraits', [
  {
    id: 'portraits.read.by-id-and-own',
    level: 'SHOULD',
    source: supplement('31.5 (GET /@portrait/<user_id>, GET /@portrait)'),
    title: 'A stored portrait is served as image bytes at /@portrait/<id> (to Anonymous too) and at /@portrait to its user',
    async run(t) {
      const a = await t.user();
      t.need(await t.patch(`/@users/${a.id}`, { portrait: png }, { auth: a }), 'storing a portrait');
      const byId = await t.get(`/@portrait/${a.id}`, { auth: 'anonymous' });
      t.status(byId, 200);
      t.header(byId, 'Content-Type', /^image\/png/);
      t.equal(Buffer.from(byId.bytes).toString('base64'), PNG_300x200, 'the bytes of the portrait');
      const own = await t.get('/@portrait', { auth: a });
      t.status(own, 200, 'GET /@portrait as its user');
      t.header(own, 'Content-Type', /^image\//);
    },
  },
  {
    id: 'portraits.read.none-answers-404',
    level: 'SHOULD',
    source: supplement('31.5 (404 when none)'),
    title: 'Without a portrait /@portrait/<id> and one’s own /@portrait answer 404; removing the portrait (null) brings the 404 back',
    async run(t) {
      const a = await t.user();
      t.status(await t.get(`/@portrait/${a.id}`), 404, 'GET /@portrait/<id> of a user without portrait');
      t.status(await t.get('/@portrait', { auth: a }), 404, 'GET /@portrait as a user without portrait');
      t.need(await t.patch(`/@users/${a.id}`, { portrait: png }, { auth: a }), 'storing a portrait');
      t.status(await t.patch(`/@users/${a.id}`, { portrait: null }, { auth: a }), [200, 204], 'removing the portrait');
      t.body(await t.get(`/@users/${a.id}`), { portrait: null }, 'the user afterwards');
      t.status(await t.get(`/@portrait/${a.id}`), 404, 'GET /@portrait/<id> afterwards');
    },
  },
  {
    id: 'portraits.read.unsafe-types-as-attachment',
    level: 'SHOULD',
    source: supplement('31.5 (unsafe image types, e.g. SVG, with Content-Disposition: attachment); supplement-2 4'),
    title: 'An SVG portrait is served with Content-Disposition: attachment',
    async run(t) {
      const a = await t.user();
      t.need(await t.patch(`/@users/${a.id}`, { portrait: { 'content-type': 'image/svg+xml', data: SVG, encoding: 'base64', filename: 'me.svg' } }, { auth: a }), 'storing an SVG portrait');
      const r = await t.get(`/@portrait/${a.id}`, { auth: 'anonymous' });
      t.status(r, 200);
      t.header(r, 'Content-Disposition', /^attachment/);
    },
  },
]);
