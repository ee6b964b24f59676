// Content objects and what happens to them: create, read, edit, delete, uploads, working copies,
// locking, history, workflow, copy and move, aliases, relations, translations, comments, files.
import type { OperationDocs } from '../types.ts';

const BATCH = [
  { name: 'b_start', description: 'Position of the first item of the batch.', type: 'integer' as const, example: 0 },
  { name: 'b_size', description: 'Number of items in the batch (default 25).', type: 'integer' as const, example: 25 },
];
const EXPAND = { name: 'expand', description: 'Components to include in the answer, comma separated (breadcrumbs, navigation, actions, types, workflow, …).', example: 'breadcrumbs,workflow' };
const LOCK_TOKEN = { name: 'Lock-Token', description: 'Token of the lock held on the object (from POST @lock), needed to change a locked object.' };

export const contentOperations: OperationDocs = {
  'GET content': {
    summary: 'Read a content object (the site root without a path)',
    description: 'The object with its fields, its parent, its components (`@components`) and, for folderish objects, a batch of `items`.',
    query: [EXPAND, ...BATCH, { name: 'fullobjects', description: 'Serialize the items of a folder in full.', type: 'boolean' }, { name: 'metadata_fields', description: 'Catalog columns to add to each item (`_all` for all).', repeat: true }],
  },
  'POST content': {
    summary: 'Create a content object in this container',
    description: 'Answers 201 with the new object and its URL in `Location`. `id` is optional: without it one is made from the title.',
    body: { '@type': 'Document', title: 'A new page', description: 'Made from the explorer' },
    status: 201,
  },
  'PATCH content': {
    summary: 'Change fields of a content object (or reorder the items of a folder)',
    description: 'Sends only the fields to change. A locked object needs its `Lock-Token`. `Prefer: return=representation` answers 200 with the object.',
    body: { title: 'A changed title' },
    headers: [LOCK_TOKEN, { name: 'Prefer', description: '`return=representation`: answer with the changed object.' }],
  },
  'DELETE content': { summary: 'Delete a content object and everything below it', headers: [LOCK_TOKEN] },

  'OPTIONS @tus-upload': { summary: 'TUS capabilities (resumable upload of a new file)' },
  'OPTIONS @tus-replace': { summary: 'TUS capabilities (resumable replacement of a file)' },
  'POST @tus-upload': {
    summary: 'Start a resumable upload of a new File or Image (TUS creation)',
    description: 'Headers `Tus-Resumable: 1.0.0`, `Upload-Length` and `Upload-Metadata` (base64 `filename`, `content-type`, `@type`). Answers 201 with the upload URL in `Location`.',
    status: 201,
  },
  'POST @tus-replace': { summary: "Start a resumable replacement of this object's file (TUS creation)", status: 201 },
  'GET @tus-upload': { summary: 'Offset of an upload in progress (TUS)' },
  'PATCH @tus-upload': {
    summary: 'Send the next bytes of an upload (TUS); the last chunk creates or replaces the object',
    description: 'Body: the bytes (`Content-Type: application/offset+octet-stream`), header `Upload-Offset`.',
  },

  'GET @workingcopy': { summary: 'Working copy of this object, or the baseline of this working copy' },
  'POST @workingcopy': { summary: 'Check out: make a working copy of this object', status: 201 },
  'PATCH @workingcopy': { summary: 'Check in: put the working copy back over its baseline' },
  'DELETE @workingcopy': { summary: 'Cancel the check-out: delete the working copy' },

  'GET @inherit': {
    summary: 'Field values inherited from the nearest ancestor with a behavior',
    query: [{ name: 'expand.inherit.behaviors', description: 'Behaviors to look up, comma separated.', example: 'cms.leadimage' }],
  },

  'GET @lock': { summary: 'Lock information of this object' },
  'POST @lock': {
    summary: 'Lock this object',
    description: 'Answers the lock with its `token`: send it as `Lock-Token` to change the object while it is locked.',
    body: { stealable: true, timeout: 600 },
  },
  'PATCH @lock': { summary: 'Refresh the lock (its time starts again)' },
  'DELETE @lock': { summary: 'Unlock this object (`force` removes a lock held by someone else)', body: { force: false }, status: 200 },
  'POST @unlock': { summary: 'Unlock (deprecated: use DELETE @lock)' },
  'POST @refresh-lock': { summary: 'Refresh the lock (deprecated: use PATCH @lock)' },

  'GET @history': { summary: 'History of this object (workflow and versions); with a version number, that version' },
  'PATCH @history': { summary: 'Revert this object to an earlier version', body: { version: 0 }, status: 200 },

  'GET @workflow': { summary: 'Workflow state, history and the transitions the caller may take' },
  'POST @workflow': {
    summary: 'Take a workflow transition (publish, retract, submit, reject, …)',
    body: { comment: 'Published from the explorer' },
  },

  'POST @copy': { summary: 'Copy objects into this container', body: { source: '/front-page' } },
  'POST @move': { summary: 'Move objects into this container (an alias keeps their old paths)', body: { source: '/front-page' } },

  'GET @aliases': {
    summary: 'Aliases (redirects of old paths) of this object; on the site root, of the whole site',
    query: [{ name: 'q', description: 'Only aliases whose path contains this text (site root).' }, ...BATCH],
  },
  'POST @aliases': { summary: 'Add aliases', body: { items: [{ path: '/an-old-path' }] }, status: 204 },
  'DELETE @aliases': { summary: 'Remove aliases', body: { items: [{ path: '/an-old-path' }] } },

  'GET @relations': {
    summary: 'Relations between objects: statistics, or the relations matching a query',
    query: [
      { name: 'relation', description: 'Name of the relation, e.g. relatedItems.' },
      { name: 'source', description: 'UID or path of the source object.' },
      { name: 'target', description: 'UID or path of the target object.' },
    ],
  },
  'POST @relations': { summary: 'Create relations (`/rebuild`: rebuild the relation catalog)', body: { items: [{ source: '/a-page', target: '/another-page', relation: 'relatedItems' }] }, status: 204 },
  'DELETE @relations': { summary: 'Delete relations', body: { relation: 'relatedItems' } },
  'GET @linkintegrity': { summary: 'Objects that link to the given objects (asked before deleting them)', query: [{ name: 'uids', description: 'UIDs of the objects.', repeat: true }] },

  'GET @translations': { summary: 'Translations of this object' },
  'POST @translations': { summary: 'Link an existing object as a translation of this one', body: { id: '/de/a-page' }, status: 201 },
  'DELETE @translations': { summary: 'Unlink the translation of a language', body: { language: 'de' } },
  'GET @translation-locator': { summary: 'Where a new translation of this object belongs', query: [{ name: 'target_language', description: 'Language code of the translation.', example: 'de' }] },

  'GET @comments': { summary: 'Comments on this object', query: BATCH },
  'POST @comments': { summary: 'Add a comment, or reply to one', body: { text: 'A comment' }, status: 204 },
  'PATCH @comments': { summary: 'Edit a comment', body: { text: 'An edited comment' } },
  'DELETE @comments': { summary: 'Delete a comment and its replies' },

  'GET @@download': { summary: 'Download the file of a field (as an attachment)', paths: ['/{field}', '/{field}/{filename}'] },
  'GET @@display-file': { summary: 'The file of a field, inline when its type is inert', paths: ['/{field}', '/{field}/{filename}'] },
  'GET @@images': { summary: 'An image field, scaled', paths: ['/{field}', '/{field}/{scale}'] },
};
