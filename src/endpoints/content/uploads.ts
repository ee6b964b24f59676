// Uploaded file and image fields arrive base64 in JSON. Before the reducer runs, their bytes go
// to the content-addressed blob store and the body holds a reference instead (I/O stays out of
// reducers). Image dimensions are read from the bytes.
import { images } from '../../blobs/images.ts';
import type { BlobRef } from '../../state/model.ts';
import type { BlobStore } from '../../blobs/store.ts';
import type { TypeDef } from '../../types/model.ts';
import { fieldsOf } from '../../types/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { turnIfBig } from '../../lib/turn.ts';
import { isValidMediaType } from '../../blobs/media-type.ts';
import { decodeBase64InTurns } from '../../lib/base64-in-turns.ts';
import { partsOf } from '../../lib/json-in-turns.ts';

export interface PreparedBlob {
  $blob: BlobRef;
}

export const isPreparedBlob = (v: unknown): v is PreparedBlob =>
  !!v && typeof v === 'object' && '$blob' in v && typeof (v as PreparedBlob).$blob?.blob === 'string';

const BY_EXTENSION = new Map<string, string>(Object.entries({
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  avif: 'image/avif', tif: 'image/tiff', tiff: 'image/tiff', pdf: 'application/pdf', txt: 'text/plain', html: 'text/html',
  csv: 'text/csv', json: 'application/json', zip: 'application/zip', mp3: 'audio/mpeg', mp4: 'video/mp4',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}));

/** The type of an upload sent without `content-type`, from its file name. */
export const guessType = (filename: string) =>
  BY_EXTENSION.get(/\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '') ?? 'application/octet-stream';

export const imageSize = (bytes: Uint8Array): Promise<{ width?: number; height?: number }> => images.size(bytes);

/**
 * A declared content type must be a valid media type (it is stored and later sent back as a
 * header): control characters, CR/LF or anything but type/subtype[; parameters] are refused.
 * Absent (or empty): guessed from the file name.
 */
export function checkDeclaredType(sent: unknown, field: string): void {
  if (sent === undefined || sent === null || sent === '') return;
  if (!isValidMediaType(sent)) throw badRequest(`Field '${field}': content-type is not a valid media type (type/subtype, printable characters only)`);
}

export async function storeUpload(blobs: BlobStore, value: Record<string, unknown>, field: string, image: boolean): Promise<BlobRef> {
  const data = value.data;
  if (typeof data !== 'string') throw badRequest(`Field '${field}': data must be a string`);
  const encoding = typeof value.encoding === 'string' ? value.encoding : 'utf-8';
  let bytes: Uint8Array;
  if (encoding === 'base64') {
    const decoded = await decodeBase64InTurns(data, undefined, partsOf(value, 'data'));
    if (!decoded) throw badRequest(`Field '${field}': data is not valid base64`);
    bytes = decoded;
  } else {
    bytes = new Uint8Array(Buffer.from(data, 'utf8'));
  }
  await turnIfBig(bytes.length);
  const filename = typeof value.filename === 'string' ? value.filename : '';
  const sent = value['content-type'];
  checkDeclaredType(sent, field);
  const contentType = typeof sent === 'string' && sent ? sent : guessType(filename);
  const blob = await blobs.putInTurns(bytes);
  const ref: BlobRef = { blob, size: bytes.length, contentType, filename };
  if (image) Object.assign(ref, await imageSize(bytes));
  return ref;
}

/** An upload object in a file or image field: one with `data` to store. */
const isUpload = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value) && 'data' in value;

/**
 * Replace upload objects of the type's file/image fields in `body` by prepared references: a
 * promise when there is any to store, else nothing at once (a body without uploads, most writes,
 * is not made to wait a turn for nothing).
 */
export function prepareUploads(blobs: BlobStore, type: TypeDef | undefined, body: unknown): Promise<void> | undefined {
  if (!type || !body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const fields = fieldsOf(type).filter((field) => (field.kind === 'NamedBlobFile' || field.kind === 'NamedBlobImage') && isUpload(record[field.name]));
  return fields.length ? storeUploads(blobs, fields, record) : undefined;
}

async function storeUploads(blobs: BlobStore, fields: ReturnType<typeof fieldsOf>, record: Record<string, unknown>): Promise<void> {
  for (const field of fields) {
    const ref = await storeUpload(blobs, record[field.name] as Record<string, unknown>, field.name, field.kind === 'NamedBlobImage');
    record[field.name] = { $blob: ref } satisfies PreparedBlob;
  }
}
