// prepareUploads stores the uploads of a body's file and image fields, and makes a body without
// any wait for nothing.
import { describe, expect, it } from 'vitest';
import { BlobStore } from '../../blobs/store.ts';
import { defaultTypes } from '../../types/defaults.ts';
import { prepareUploads } from './uploads.ts';

const types = defaultTypes(true);

describe('prepareUploads', () => {
  it('answers at once, with no promise, for a body without uploads, and leaves it as it was', () => {
    const blobs = new BlobStore();
    const page = { '@type': 'Document', title: 'Page', text: { data: '<p>x</p>', 'content-type': 'text/html' } };
    expect(prepareUploads(blobs, types.Document, page)).toBeUndefined();
    const file = { '@type': 'File', title: 'No file' };
    expect(prepareUploads(blobs, types.File, file)).toBeUndefined();
    expect(file).toEqual({ '@type': 'File', title: 'No file' });
    expect(prepareUploads(blobs, undefined, page)).toBeUndefined();
  });

  it('stores an upload and puts its reference in the body', async () => {
    const blobs = new BlobStore();
    const body: Record<string, unknown> = { '@type': 'File', title: 'F', file: { data: 'aGVsbG8=', encoding: 'base64', filename: 'hello.txt', 'content-type': 'text/plain' } };
    const waiting = prepareUploads(blobs, types.File, body);
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    expect(body.file).toMatchObject({ $blob: { size: 5, contentType: 'text/plain', filename: 'hello.txt' } });
  });
});
