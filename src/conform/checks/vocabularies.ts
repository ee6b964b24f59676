// @vocabularies, @sources, @querysources: listing, terms, filters, batching, errors.
import type { CheckContext } from '../context.ts';
import { absent, anyString, containing, satisfies } from '../expect.ts';
import { family, seed, supplement } from './define.ts';

const FIELDS = '/@vocabularies/Fields';
const tokens = (body: any) => (Array.isArray(body?.items) ? body.items.map((t: { token: string }) => t.token) : body);

async function terms(t: CheckContext, path: string) {
  const r = await t.get(path);
  t.status(r, 200);
  return r;
}

export default family('vocabularies', [
  {
    id: 'vocabularies.list.entries',
    level: 'MUST',
    source: seed('Endpoints/Vocabularies (GET @vocabularies: array {@id, title}); Resources/Vocabulary term'),
    title: 'GET @vocabularies answers an array of {@id, title}, Fields among them',
    async run(t) {
      const r = await terms(t, '/@vocabularies');
      t.like(r.body, containing([{ '@id': t.url(FIELDS), title: 'Fields' }]), 'the vocabularies');
    },
  },
  {
    id: 'vocabularies.read.terms',
    level: 'MUST',
    source: seed('Endpoints/Vocabularies (200 {@id, items: [{title, token}], items_total})'),
    title: 'GET @vocabularies/<name> answers {@id, items: [{title, token}], items_total}',
    async run(t) {
      const r = await terms(t, FIELDS);
      t.body(r, { '@id': t.url(FIELDS), items_total: 20, items: satisfies('terms {title, token}', (items) => Array.isArray(items) && items.every((i: any) => typeof i.title === 'string' && typeof i.token === 'string')) });
    },
  },
  {
    id: 'vocabularies.read.fields-has-20-kinds',
    level: 'MUST',
    source: seed('Endpoints/Types and schemas (GET /@vocabularies/Fields: 20 terms; field kind tokens)'),
    title: 'The Fields vocabulary has the 20 field kind tokens of the seed',
    async run(t) {
      const all = [
        'label_choice_field', 'label_date_field', 'label_datetime_field', 'Email', 'label_email', 'File Upload', 'label_float_field', 'label_full_name', 'Image', 'label_integer_field',
        'JSONField', 'label_multi_choice_field', 'label_password_field', 'Relation Choice', 'Relation List', 'Rich Text', 'label_text_field', 'label_textline_field', 'URL', 'label_boolean_field',
      ];
      t.like(tokens((await terms(t, `${FIELDS}?b_size=-1`)).body), satisfies(`the 20 tokens ${all.join(', ')}`, (got) => Array.isArray(got) && got.length === 20 && all.every((k) => got.includes(k))), 'the tokens');
    },
  },
  {
    id: 'vocabularies.read.title-filter',
    level: 'MUST',
    source: seed('Endpoints/Vocabularies (title: terms whose title contains)'),
    title: 'title=<text> keeps the terms whose title contains it',
    async run(t) {
      const all = (await terms(t, `${FIELDS}?b_size=-1`)).body?.items ?? [];
      const r = await terms(t, `${FIELDS}?title=relation`);
      const expected = all.filter((i: { title: string }) => i.title.toLowerCase().includes('relation')).map((i: { token: string }) => i.token);
      t.ok(expected.length > 0, 'some titles contain "relation"', all.length, 'terms');
      t.like(tokens(r.body), expected, 'tokens of the terms whose title contains "relation"');
    },
  },
  {
    id: 'vocabularies.read.token-filters',
    level: 'MUST',
    source: seed('Endpoints/Vocabularies (token; tokens repeatable)'),
    title: 'token=<t> keeps the matching term; tokens=<a>&tokens=<b> keeps those terms',
    async run(t) {
      t.like(tokens((await terms(t, `${FIELDS}?token=URL`)).body), ['URL'], 'token=URL');
      t.like(tokens((await terms(t, `${FIELDS}?tokens=URL&tokens=Image`)).body), satisfies('Image and URL', (v) => Array.isArray(v) && v.length === 2 && v.includes('URL') && v.includes('Image')), 'tokens=URL&tokens=Image');
    },
  },
  {
    id: 'vocabularies.read.title-and-token-answers-400',
    level: 'MUST',
    source: seed('Errors (vocabulary request with both title and token: 400)'),
    title: 'title and token together answer 400',
    async run(t) {
      t.status(await t.get(`${FIELDS}?title=a&token=URL`), 400);
    },
  },
  {
    id: 'vocabularies.read.batching',
    level: 'MUST',
    source: seed('Endpoints/Vocabularies (batched by default; b_size=-1 returns all terms); supplement 30 (C18)'),
    title: 'b_size/b_start batch the terms; b_size=-1 returns all of them with items_total',
    async run(t) {
      const page = await terms(t, `${FIELDS}?b_size=5&b_start=5`);
      t.body(page, { items: satisfies('5 terms', (i) => i.length === 5), items_total: 20, batching: { next: anyString, first: anyString, last: anyString } });
      const all = await terms(t, `${FIELDS}?b_size=-1`);
      t.body(all, { items: satisfies('20 terms', (i) => i.length === 20), items_total: 20, batching: absent });
    },
  },
  {
    id: 'vocabularies.read.unknown-answers-404',
    level: 'SHOULD',
    source: supplement('2.2; 16'),
    title: 'An unknown vocabulary answers 404',
    async run(t) {
      t.status(await t.get('/@vocabularies/no.such.Vocabulary'), 404);
    },
  },
  {
    id: 'vocabularies.read.on-a-context',
    level: 'MUST',
    source: seed('Endpoints/Vocabularies (/<ctx>/@vocabularies; vocabularies can depend on the context)'),
    title: 'Vocabularies answer on a content object, with links below it',
    async run(t) {
      const box = await t.sandbox();
      const r = await terms(t, `${box}/@vocabularies`);
      t.like(r.body, containing([{ '@id': t.url(`${box}/@vocabularies/Fields`) }]), 'the vocabularies of the sandbox');
      t.body(await terms(t, `${box}/@vocabularies/Fields`), { items_total: 20 }, 'Fields on the sandbox');
    },
  },
  {
    id: 'vocabularies.names.plone-names-answer-too',
    level: 'SHOULD',
    source: supplement('Appendix C; clients.md (Volto asks for plone.* vocabularies)'),
    title: 'plone.app.vocabularies.<Name> answers like cms.app.vocabularies.<Name>',
    async run(t) {
      const cms = await terms(t, '/@vocabularies/cms.app.vocabularies.ReallyUserFriendlyTypes?b_size=-1');
      const plone = await terms(t, '/@vocabularies/plone.app.vocabularies.ReallyUserFriendlyTypes?b_size=-1');
      t.like(plone.body?.items, cms.body?.items, 'the terms under the plone. name');
    },
  },
  {
    id: 'vocabularies.sources.enumerate',
    level: 'MUST',
    source: seed('Endpoints/Vocabularies (GET <ctx>/@sources/<field_name>)'),
    title: 'GET <ctx>/@sources/<field> enumerates the terms of the field’s source',
    async run(t) {
      const box = await t.sandbox();
      const { path } = await t.create(box, { '@type': 'Document', id: 'doc', title: 'Doc' });
      const r = await terms(t, `${path}/@sources/language`);
      t.ok(/"token"\s*:\s*"en"/.test(r.text), 'the terms hold the token en', r.text.slice(0, 300), 'a term with token "en"');
    },
  },
  {
    id: 'vocabularies.querysources.query',
    level: 'MUST',
    source: seed('Endpoints/Vocabularies (GET <ctx>/@querysources/<field_name>?query=)'),
    title: 'GET <ctx>/@querysources/relatedItems?query=<text> answers only matching terms',
    async run(t) {
      const box = await t.sandbox();
      const word = `Quux${t.unique('q').replace(/[^a-z0-9]/gi, '')}`;
      const target = await t.create(box, { '@type': 'Document', id: 'target', title: `${word} report` });
      const other = await t.create(box, { '@type': 'Document', id: 'other', title: 'Something else' });
      const r = await terms(t, `${target.path}/@querysources/relatedItems?query=${word}`);
      t.ok(r.text.includes(target.body.UID), 'the matching object is a term', r.text.slice(0, 300), `a term with token ${target.body.UID}`);
      t.ok(!r.text.includes(other.body.UID), 'the other object is not', r.text.slice(0, 300), `no term ${other.body.UID}`);
    },
  },
]);
