// Every default type answers exactly the keys Plone serializes for it (seed "Content object",
// supplement 7.1 and 7.2): the serializer's own keys plus one key per schema field of its behaviors.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Api } from './client.ts';

let api: Api;
let box: string;

/** Keys of every non-root object (supplement 7.1), `items`/`items_total` added for folderish ones. */
const COMMON = [
  '@components', '@id', '@type', 'UID', 'allow_discussion', 'created', 'id', 'is_folderish', 'layout', 'lock',
  'modified', 'next_item', 'parent', 'previous_item', 'review_state', 'type_title', 'version', 'working_copy', 'working_copy_of',
];
const DC = ['title', 'description', 'subjects', 'language', 'effective', 'expires', 'creators', 'contributors', 'rights'];
const FOLDERISH = ['items', 'items_total'];

const EXPECTED: Record<string, string[]> = {
  Document: [...DC, 'text', 'relatedItems', 'exclude_from_nav', 'changeNote', 'versioning_enabled', 'table_of_contents'],
  Folder: [...DC, 'relatedItems', 'exclude_from_nav', 'nextPreviousEnabled', ...FOLDERISH],
  'News Item': [...DC, 'text', 'relatedItems', 'exclude_from_nav', 'image', 'image_caption', 'changeNote', 'versioning_enabled'],
  Event: [
    ...DC, 'text', 'relatedItems', 'exclude_from_nav', 'start', 'end', 'whole_day', 'open_end', 'recurrence', 'location',
    'attendees', 'contact_name', 'contact_email', 'contact_phone', 'event_url', 'sync_uid', 'changeNote', 'versioning_enabled',
  ],
  File: [...DC, 'file', 'exclude_from_nav', 'relatedItems'],
  Image: [...DC, 'image', 'exclude_from_nav', 'relatedItems'],
  Link: [...DC, 'remoteUrl', 'exclude_from_nav', 'changeNote', 'versioning_enabled'],
  Collection: [...DC, 'text', 'relatedItems', 'exclude_from_nav', 'query', 'sort_on', 'sort_reversed', 'limit', 'item_count', 'customViewFields', ...FOLDERISH],
};

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const REQUIRED: Record<string, Record<string, unknown>> = {
  Event: { start: '2026-01-01T10:00:00+00:00', end: '2026-01-01T12:00:00+00:00' },
  File: { file: { data: 'aGVsbG8=', encoding: 'base64', filename: 'a.txt', 'content-type': 'text/plain' } },
  Image: { image: { data: PNG, encoding: 'base64', filename: 'a.png', 'content-type': 'image/png' } },
  Link: { remoteUrl: 'https://example.org' },
};

beforeAll(async () => {
  api = await connect();
  box = await api.sandbox();
});

describe('field lists of the default types (classic site)', () => {
  for (const [type, fields] of Object.entries(EXPECTED)) {
    it(`${type} answers exactly its keys`, async () => {
      const r = await api.post(box, { '@type': type, title: `A ${type}`, ...REQUIRED[type] });
      expect(r.status).toBe(201);
      expect(Object.keys(r.body).sort()).toEqual([...new Set([...COMMON, ...fields])].sort());
    });
  }

  it('Event answers sync_uid, null when unset, the stored value otherwise', async () => {
    const unset = await api.post(box, { '@type': 'Event', title: 'No sync', ...REQUIRED.Event });
    expect(unset.body.sync_uid).toBeNull();
    const set = await api.post(box, { '@type': 'Event', title: 'Synced', ...REQUIRED.Event, sync_uid: 'abc-123@example.org' });
    expect(set.body.sync_uid).toBe('abc-123@example.org');
    const found = await api.get(`${box}/@search?sync_uid=abc-123@example.org`);
    expect(found.body.items.map((i: { title: string }) => i.title)).toEqual(['Synced']);
  });
});
