import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DocTable } from './doctable.ts';
import { postingForEach } from './postings.ts';
import { NO_EFFECTIVE, NO_EXPIRES, type Entry, type IndexValue } from './record.ts';

const values = (over: Record<string, IndexValue>): Record<string, IndexValue> => ({
  Creator: 'admin', Type: 'Page', getId: 'a', id: 'a', portal_type: 'Document', review_state: 'private', sortable_title: 'a', in_reply_to: null,
  Language: '', TranslationGroup: null, sync_uid: null, total_comments: 0, Subject: [], allowedRolesAndUsers: ['Manager', 'Owner'],
  getRawRelatedItems: [], object_provides: ['IDocument'], commentators: [], block_types: [], UID: 'u', created: 1000, modified: 2000,
  effective: 3000, expires: 4000, Date: 3000, start: null, end: null, is_default_page: false, is_folderish: false, exclude_from_nav: false, ...over,
});
const entry = (doc: number, over: Record<string, IndexValue> = {}, grants: string[] = []): Entry => ({
  uid: `u${doc}`, doc, v: values({ UID: `u${doc}`, getId: `d${doc}`, id: `d${doc}`, sortable_title: `t${doc}`, ...over }), eff: -Infinity, exp: Infinity, grants, relates: false,
});

describe('DocTable columns and profiles', () => {
  it('makes no column for a date every document has its usual value for, nor for publication windows nobody has, until one differs', () => {
    const t = new DocTable();
    const usual = { effective: NO_EFFECTIVE, expires: NO_EXPIRES, Date: 2000 };
    t.put(entry(1, usual), -1, 'd1');
    t.put(entry(2, usual), 1, 'd2');
    const columns = (t as unknown as { dates: Map<string, Float64Array> }).dates;
    expect([...columns.keys()].sort()).toEqual(['Date', 'created', 'modified']);
    expect(t.value(1, 'effective')).toBe(NO_EFFECTIVE);
    expect(t.value(2, 'expires')).toBe(NO_EXPIRES);
    expect([t.effAt(2), t.expAt(2)]).toEqual([-Infinity, Infinity]);
    // a document with its own dates and window: the columns are made, the others keep their values
    t.put({ ...entry(3, { effective: 5000, expires: null }), eff: 5000, exp: 9000 }, 1, 'd3');
    expect(columns.has('effective') && columns.has('expires')).toBe(true);
    expect([t.value(1, 'effective'), t.value(3, 'effective'), t.value(1, 'expires'), t.value(3, 'expires')]).toEqual([NO_EFFECTIVE, 5000, NO_EXPIRES, null]);
    expect([t.effAt(1), t.expAt(1), t.effAt(3), t.expAt(3)]).toEqual([-Infinity, Infinity, 5000, 9000]);
    expect(Array.from(t.column('effective') as Float64Array).slice(1, 4)).toEqual([NO_EFFECTIVE, NO_EFFECTIVE, 5000]);
    // room for many more documents: the columns made grow with the others
    t.put(entry(5000, usual), 1, 'd5000');
    expect([t.value(5000, 'effective'), t.effAt(5000), t.expAt(5000)]).toEqual([NO_EFFECTIVE, -Infinity, Infinity]);
  });

  it('gives back every value put, and shares one profile between documents with the same shared values', () => {
    const t = new DocTable();
    t.put(entry(1), -1, 'd1');
    t.put(entry(2, { modified: 5000, start: 7 }), 1, 'd2');
    expect(t.profileCount).toBe(1);
    expect(t.entry(2)!.v).toEqual(entry(2, { modified: 5000, start: 7 }).v);
    expect(t.value(1, 'start')).toBeNull();
    expect(t.value(2, 'start')).toBe(7);
    expect(t.value(2, 'getId')).toBe('d2');
    expect(t.entry(2)!.uid).toBe('u2');
    expect(t.entry(3)).toBeUndefined();
    expect(t.value(3, 'created')).toBeUndefined();
  });

  it('lets go of a profile no document uses, and keeps postings and grants in step', () => {
    const t = new DocTable();
    t.put(entry(1), -1, 'd1');
    t.put(entry(2), 1, 'd2');
    t.put(entry(2, { review_state: 'published' }, ['bob']), 1, 'd2');
    expect(t.profileCount).toBe(2);
    expect(t.entry(2)!.grants).toEqual(['bob']);
    expect(t.grants.get('bob')).toBe(2);
    expect(t.indexes.get('review_state')!.get('published')).toBe(2);
    expect(t.indexes.get('review_state')!.get('private')).toBe(1);
    t.drop(1);
    expect(t.profileCount).toBe(1);
    expect(t.indexes.get('review_state')!.get('private')).toBeUndefined();
    t.put(entry(2, { review_state: 'private' }), 1, 'd2');
    expect(t.profileCount).toBe(1);
    expect(t.grants.get('bob')).toBeUndefined();
    expect(t.entry(2)!.grants).toEqual([]);
  });

  it('gives a document holding a value of kilobytes a profile of its own, counted nowhere, its values still indexed', () => {
    const t = new DocTable();
    const long = 'w'.repeat(70_000);
    t.put(entry(1), -1, 'd1');
    t.put(entry(2, { Subject: ['short', long] }), 1, 'd2');
    t.put(entry(3, { Subject: ['short', long] }), 1, 'd3');
    expect(t.profileCount).toBe(1);
    expect(t.entry(2)!.v.Subject).toEqual(['short', long]);
    expect(t.entry(3)!.v.Subject).toEqual(['short', long]);
    expect(t.indexes.get('Subject')!.get(long)).toEqual(new Set([2, 3]));
    t.put(entry(2, { Subject: ['short'] }), 1, 'd2');
    expect(t.profileCount).toBe(2);
    expect(t.indexes.get('Subject')!.get(long)).toBe(3);
    t.drop(3);
    expect(t.indexes.get('Subject')!.get(long)).toBeUndefined();
    expect(t.profileCount).toBe(2);
    // many shorter values together count too
    const many = Array.from({ length: 20 }, (_, i) => `${i}`.repeat(4000));
    t.put(entry(4, { Subject: many }), 1, 'd4');
    t.put(entry(5, { Subject: many }), 1, 'd5');
    expect(t.profileCount).toBe(2);
    expect(t.indexes.get('Subject')!.get(many[3])).toEqual(new Set([4, 5]));
  });

  it('makes room for a known number of documents at once, and still grows past it', () => {
    const t = new DocTable();
    t.reserve(5000);
    t.put(entry(4999, { modified: 9 }), -1, 'd4999');
    t.put(entry(7000, { start: 3 }), 4999, 'd7000');
    expect(t.value(4999, 'modified')).toBe(9);
    expect(t.value(4999, 'start')).toBeNull();
    expect(t.value(7000, 'start')).toBe(3);
    expect(t.value(7000, 'created')).toBe(1000);
    expect(t.paths.parent[7000]).toBe(4999);
    expect(t.paths.parent[4998]).toBe(-1);
    expect(t.column('modified')[4998]).toBeNaN();
    expect(t.count).toBe(2);
  });

  it('keeps date sort columns current on update and removal', () => {
    const t = new DocTable();
    t.put(entry(1), -1, 'd1');
    const col = t.column('modified') as Float64Array;
    t.put(entry(1, { modified: 9 }), -1, 'd1');
    expect(t.column('modified')[1]).toBe(9);
    t.drop(1);
    expect(Number.isNaN((t.column('modified') as Float64Array)[1])).toBe(true);
    expect(col).toBeInstanceOf(Float64Array);
  });

  it('makes a date column only once a document has a value for it (or a sort asks for it)', () => {
    const t = new DocTable();
    t.put(entry(1), -1, 'd1');
    t.put(entry(2), 1, 'd2');
    expect(t.value(1, 'end')).toBeNull();
    const end = t.column('end') as Float64Array; // asked by a sort: every document NaN
    expect([end[1], end[2]]).toEqual([NaN, NaN]);
    t.put(entry(5000, { end: 42 }), 1, 'd5000'); // grows past the first columns
    expect(t.value(5000, 'end')).toBe(42);
    expect((t.column('end') as Float64Array)[5000]).toBe(42);
    expect(t.value(2, 'end')).toBeNull();
    t.put(entry(5000), 1, 'd5000');
    expect(t.value(5000, 'end')).toBeNull();
    expect(t.valuesOf(5000).start).toBeNull();
  });
  it('finds a document\'s profile without its key (its old one, the last one) exactly as by its key', () => {
    const t = new DocTable();
    const profiles = t as unknown as { profiles: unknown[] };
    t.put(entry(1), -1, 'd1');
    t.put(entry(2), 1, 'd2'); // like the last one: the same profile
    expect(profiles.profiles[2]).toBe(profiles.profiles[1]);
    // one value differs (in a list, element by element): a profile of its own, the shared one untouched
    t.put(entry(3, { allowedRolesAndUsers: ['Manager', 'Reader'] }), 1, 'd3');
    expect(t.profileCount).toBe(2);
    expect(t.value(3, 'allowedRolesAndUsers')).toEqual(['Manager', 'Reader']);
    expect(t.value(2, 'allowedRolesAndUsers')).toEqual(['Manager', 'Owner']);
    // equal lists that are other arrays: the profile found by key is the same as without
    t.put(entry(4, { allowedRolesAndUsers: ['Manager', 'Reader'] }), 1, 'd4');
    t.put(entry(5, { allowedRolesAndUsers: ['Manager', 'Owner'] }), 1, 'd5');
    expect(t.profileCount).toBe(2);
    expect(profiles.profiles[4]).toBe(profiles.profiles[3]);
    expect(profiles.profiles[5]).toBe(profiles.profiles[1]);
    // grants and the relation flag are part of it
    t.put({ ...entry(6), grants: ['bob'] }, 1, 'd6');
    t.put({ ...entry(7), relates: true }, 1, 'd7');
    expect(t.profileCount).toBe(4);
    expect([t.entry(6)!.grants, t.entry(7)!.relates, t.entry(5)!.grants, t.entry(5)!.relates]).toEqual([['bob'], true, [], false]);
    // a re-index with other values leaves the old profile; the last one, once no document uses it, is not taken again
    t.put(entry(7, { review_state: 'published' }), 1, 'd7');
    expect(t.value(7, 'review_state')).toBe('published');
    t.drop(7);
    const before = t.profileCount;
    t.put(entry(8, { review_state: 'published' }), 1, 'd8');
    expect(t.profileCount).toBe(before + 1);
    expect(t.value(8, 'review_state')).toBe('published');
    for (const d of [1, 2, 5]) expect(t.entry(d)!.v).toEqual(entry(d).v);
  });
});

describe('DocTable: a new document posted under its profile\'s keys', () => {
  it('leaves the same postings as one posted value by value', () => {
    const overArb = fc.record(
      {
        portal_type: fc.constantFrom('Document', 'Folder', null, ['Document']),
        review_state: fc.constantFrom('private', 'published'),
        Subject: fc.constantFrom([], ['a'], ['a', 'a'], ['a', 'b'], 'a', null),
        allowedRolesAndUsers: fc.constantFrom(['Manager', 'Owner'], ['Anonymous', 'Manager'], []),
        total_comments: fc.constantFrom(0, 1, 2),
        is_folderish: fc.boolean(),
        Language: fc.constantFrom('', 'en'),
        TranslationGroup: fc.constantFrom(null, 'g'),
        getId: fc.constantFrom('a', 'b', 'c'),
        sortable_title: fc.constantFrom('a', 'b', 'c'),
      },
      { requiredKeys: [] },
    );
    type Op = { k: 'put'; doc: number; over: Record<string, IndexValue>; grants: string[] } | { k: 'drop'; doc: number };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      { weight: 4, arbitrary: fc.record({ k: fc.constant('put' as const), doc: fc.nat(11), over: overArb as fc.Arbitrary<Record<string, IndexValue>>, grants: fc.constantFrom<string[]>([], ['bob']) }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant('drop' as const), doc: fc.nat(11) }) },
    );
    const postings = (t: DocTable) =>
      [...t.indexes].map(([name, index]) => [name, [...index.keys()].sort().map((key) => {
        const docs: number[] = [];
        postingForEach(index.get(key), (d) => docs.push(d));
        return [key, docs.sort((a, b) => a - b)];
      })]);
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const fast = new DocTable();
        const slow = new DocTable();
        slow.keysOfProfiles = false;
        for (const op of ops) {
          for (const t of [fast, slow]) {
            if (op.k === 'drop') t.drop(op.doc);
            else t.put(entry(op.doc, op.over, op.grants), -1, `d${op.doc}`, !t.has(op.doc));
          }
          expect(postings(fast)).toEqual(postings(slow));
          for (let d = 0; d < 12; d++) expect(fast.entry(d)?.v).toEqual(slow.entry(d)?.v);
          expect([...fast.grants.map]).toEqual([...slow.grants.map]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
