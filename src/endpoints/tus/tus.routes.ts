// TUS resumable upload (supplement 31.20): OPTIONS/POST on @tus-upload (new object) or
// @tus-replace (file of this object), HEAD (answered as GET) and PATCH on @tus-upload/<id>.
// Chunks are kept by services.tus; the last one creates or updates the object in one commit.
import type { ApiRequest, ApiResponse, Route, Services } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import type { RoutePath } from '../../http/route-path.ts';
import { hasPermission } from '../../auth/check.ts';
import { unauthorized } from '../../lib/errors.ts';
import { isValidMediaType } from '../../blobs/media-type.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { urlOf } from '../../domain/urls.ts';
import { createContent } from '../content/content.create.ts';
import { updateContent } from '../content/content.update.ts';
import { completeUpload, type Completed } from './complete.ts';
import { checkVersion, httpDate, intHeader, parseMetadata, tusBadRequest, tusError, TUS_VERSION } from './headers.ts';
import { TUS_SCHEMAS } from './tus.schema.ts';
import type { TusMode, TusUpload } from '../../stores/tus-uploads.ts';

const PERMISSION: Record<TusMode, string> = { create: 'Add portal content', replace: 'Modify portal content' };

/** What the PATCH's preparation did: the new offset, and the body to commit when finished. */
interface Received {
  upload: TusUpload;
  completed?: Completed;
}

function start(mode: TusMode): Route['handle'] {
  return (state, req, services) => {
    checkVersion(req);
    const length = intHeader(req, 'upload-length', 'Missing or invalid Upload-Length header');
    const metadata = parseMetadata(req.header('upload-metadata'));
    if (!isValidMediaType(metadata['content-type'] || 'application/octet-stream')) throw tusBadRequest('Invalid content-type in Upload-Metadata');
    const upload = services.tus.create(req.newUid(), mode, length, metadata, req.now);
    const location = `${urlOf(state, req.context, req.url.siteUrl)}/@tus-upload/${upload.id}`;
    return { status: 201, headers: { Location: location, 'Upload-Expires': httpDate(upload.expires), 'Tus-Resumable': TUS_VERSION } };
  };
}

/** The upload named in the URL (404), with the create/replace permission re-checked (401). */
function uploadOf(state: SiteState, req: ApiRequest, services: Services): TusUpload {
  const upload = services.tus.get(req.url.params[0], req.now);
  if (!upload) throw tusError(404, 'Not Found', '');
  if (!hasPermission(state, req.principal, req.context, PERMISSION[upload.mode])) throw unauthorized();
  checkVersion(req);
  return upload;
}

async function receive(state: SiteState, req: ApiRequest, services: Services): Promise<Received> {
  const upload = uploadOf(state, req, services);
  if (req.header('content-type') !== 'application/offset+octet-stream') throw tusBadRequest('Missing or invalid Content-Type header');
  const offset = intHeader(req, 'upload-offset', 'Missing or invalid Upload-Offset header');
  if (offset !== upload.offset) throw tusBadRequest('Invalid Upload-Offset header');
  const bytes = req.rawBytes ?? new Uint8Array();
  if (upload.offset + bytes.length > upload.length) throw tusBadRequest('Upload exceeds Upload-Length');
  services.tus.append(upload, bytes, req.now);
  const completed = upload.offset === upload.length ? await completeUpload(state, req, services, upload) : undefined;
  return { upload, completed };
}

function answer({ upload, completed }: Received): ApiResponse {
  const headers: Record<string, string> = { 'Upload-Offset': String(upload.offset), 'Tus-Resumable': TUS_VERSION };
  if (!completed) headers['Upload-Expires'] = httpDate(upload.expires);
  return { status: 204, headers };
}

const finish: Route<Received>['handle'] = (_state, req, services, received) => {
  const { completed } = received;
  if (!completed) return answer(received);
  return {
    write: (draft) =>
      completed.mode === 'create'
        ? createContent(draft, req, { parentUid: req.context.uid, body: completed.body, hooks: services.extensions.create })
        : updateContent(draft, req, req.context.uid, completed.body),
    respond: (next, uid: string) => {
      const res = answer(received);
      res.headers!.Location = urlOf(next, getNode(next, uid)!, req.url.siteUrl);
      return res;
    },
  };
};

const status: Route['handle'] = (state, req, services) => {
  const upload = uploadOf(state, req, services);
  return {
    status: 200,
    headers: { 'Upload-Length': String(upload.length), 'Upload-Offset': String(upload.offset), 'Tus-Resumable': TUS_VERSION, 'Cache-Control': 'no-store' },
  };
};

const options: Route['handle'] = () => ({
  status: 204,
  headers: { 'Tus-Resumable': TUS_VERSION, 'Tus-Version': TUS_VERSION, 'Tus-Extension': 'creation,expiration' },
});

/** Forget expired uploads first; having a preparation also keeps these answers out of the GET cache. */
const expire: NonNullable<Route['prepare']> = async (_state, req, services) => services.tus.expire(req.now);

/** An upload in progress, named by the URL. */
const UPLOAD: RoutePath = { forms: ['/{upload_id}'], params: { upload_id: { description: 'Id of the upload, from the `Location` of its creation.' } }, refuse: () => tusError(404, 'Not Found', '') };

export const tusRoutes: Route[] = [
  { method: 'OPTIONS', endpoint: '@tus-upload', on: 'folderish', permission: 'Add portal content', schema: TUS_SCHEMAS.options, handle: options },
  { method: 'OPTIONS', endpoint: '@tus-replace', on: 'content', permission: 'Modify portal content', schema: TUS_SCHEMAS.options, handle: options },
  { method: 'POST', endpoint: '@tus-upload', on: 'folderish', permission: 'Add portal content', rawBody: true, bigBody: true, schema: TUS_SCHEMAS.start, prepare: expire, handle: start('create') },
  { method: 'POST', endpoint: '@tus-replace', on: 'content', permission: 'Modify portal content', rawBody: true, bigBody: true, schema: TUS_SCHEMAS.start, prepare: expire, handle: start('replace') },
  { method: 'GET', endpoint: '@tus-upload', on: 'content', permission: 'View', path: UPLOAD, volatile: true, schema: TUS_SCHEMAS.status, prepare: expire, handle: status },
  { method: 'PATCH', endpoint: '@tus-upload', on: 'content', permission: 'View', path: UPLOAD, rawBody: true, bigBody: true, schema: TUS_SCHEMAS.chunk, prepare: receive, handle: finish },
];

export const tusFamily: FamilyManifest = { name: 'tus', routes: tusRoutes };
