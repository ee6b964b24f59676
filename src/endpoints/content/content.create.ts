// POST <container>: validate, choose the id, and add the new object (supplement 9.1).
import type { Draft } from 'immer';
import type { ApiRequest, CreateHook } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { hasChild } from '../../state/children.ts';
import { peekNode } from '../../state/nodes.ts';
import { addNode } from '../../state/nodes-write.ts';
import { stored, storedOwn } from '../../state/stored.ts';
import { pathOf } from '../../state/select.ts';
import { hasPermission } from '../../auth/check.ts';
import { badRequest, forbidden, shown } from '../../lib/errors.ts';
import { WORKFLOWS } from '../../workflow/definitions.ts';
import { deserializeFields } from './deserialize.ts';
import { chooseId, validateId } from './names.ts';
import { acceptedLanguages } from '../../i18n/translate.ts';
import { isPreparedBlob } from './uploads.ts';
import { recordVersionOf } from '../history/versions.ts';
import { releasePath } from '../aliases/store.ts';
import { own, recordOf } from '../../lib/records.ts';
import { checkAddableIn } from '../types/constrains.ts';
import { applyConstrainTypes } from './constrain-fields.ts';

export interface CreateInput {
  parentUid: string;
  body: Record<string, unknown>;
  /** The families' creation hooks (services.extensions.create), run in the same commit; omitted: none. */
  hooks?: readonly CreateHook[];
}

/**
 * Checks that need only the current state; throws the interface's errors. They may read only the
 * nodes from the root down to `container` and the state's members beside the UID index: the POST
 * route is `decidedOnPath` (http/types.ts), so a group commit keeps this decision when its earlier
 * writes left those as they were (state/same-path.ts). Whatever else must be checked (an object
 * named by UID, the container's children) belongs in the recipe, which runs on the newest state.
 */
export function checkCreate(state: SiteState, req: ApiRequest, container: ContentNode, record: Record<string, unknown>): Record<string, unknown> {
  const typeId = record['@type'];
  if (typeId === undefined || typeId === null || typeId === '') throw badRequest("Property '@type' is required", 'service');
  const type = typeof typeId === 'string' ? own(state.types, typeId) : undefined;
  if (typeof typeId !== 'string' || !type?.globalAllow) {
    throw forbidden(`Invalid '@type' parameter. No content type with the name '${shown(typeId)}' found`);
  }
  checkAddableIn(state, container, typeId);
  if (!hasPermission(state, req.principal, container, type.addPermission)) throw forbidden(`Cannot create ${typeId}`);
  if (record.UID !== undefined && !hasPermission(state, req.principal, container, 'Manage portal')) {
    throw forbidden('Setting UID of an object requires Manage Portal permission');
  }
  return record;
}

/** Draft mutator: create the object; returns its UID. */
export function createContent(draft: Draft<SiteState>, req: ApiRequest, input: CreateInput): string {
  const state = draft as SiteState;
  // read as stored: looking at the container makes no draft (insertChild drafts what it changes)
  const container = peekNode(state, input.parentUid);
  if (!container) throw new Error(`dangling UID ${input.parentUid}`);
  const body = input.body;
  // read as stored: the types are not changed here (a draft of them would be made and finalized)
  const type = storedOwn(stored(state, 'types'), body['@type'] as string)!;
  const fields = deserializeFields(state, type, body, defaults(type.id, req.now), true);

  const filename = uploadedName(fields);
  let id: string;
  if (body.id !== undefined && body.id !== null && body.id !== '') {
    const problem = validateId(body.id);
    if (problem) throw badRequest(problem);
    id = body.id as string;
    if (hasChild(container, id)) throw badRequest(`The id "${id}" is invalid - it is already in use.`);
  } else {
    const language = acceptedLanguages(req.header('accept-language'))[0];
    id = chooseId(container, type, fields.title, filename, req.now, state.nextIntid, language);
  }
  // named from its file: an empty title becomes the file name (plone.app.dexterity's NameFromFileName)
  if (type.behaviors.includes('cms.namefromfilename') && filename && !(typeof fields.title === 'string' && fields.title)) {
    fields.title = filename.slice(0, 1024);
  }

  let uid = req.newUid();
  if (typeof body.UID === 'string' && /^[0-9a-zA-Z-]{1,64}$/.test(body.UID)) uid = body.UID;
  else if (body.UID !== undefined) throw badRequest('Invalid UID');
  if (peekNode(state, uid)) throw badRequest(`The UID "${uid}" is already in use.`);

  const workflow = type.workflow ? WORKFLOWS[type.workflow] : undefined;
  const creator = req.principal.id ?? 'Anonymous User';
  const node: ContentNode = {
    uid,
    intid: draft.nextIntid++,
    id,
    type: type.id,
    parent: container.uid,
    fields: { creators: [creator], ...defaults(type.id, req.now), ...fields },
    created: req.now,
    modified: req.now,
    layout: typeof body.layout === 'string' && type.views.includes(body.layout) ? body.layout : type.defaultView,
    reviewState: workflow?.initial ?? null,
    workflowHistory: workflow
      ? [{ action: null, actor: creator, comments: '', review_state: workflow.initial, time: req.now }]
      : [],
    localRoles: recordOf(req.principal.id ? [[req.principal.id, ['Owner']]] : []),
    blockLocalRoles: false,
  };
  // the new node is a plain object of this recipe: changed in place, never drafted or looked up again
  addNode(state, node, container);
  applyConstrainTypes(draft, req, node, body);
  recordVersionOf(draft, node, req, body.changeNote);
  releasePath(draft, () => `${pathPrefix(state, container)}/${id}`);
  for (const hook of input.hooks ?? []) hook(draft, req, uid, body);
  return uid;
}

/** The file name of the object's uploaded file or image, if any. */
function uploadedName(fields: Record<string, unknown>): string | undefined {
  let upload: unknown;
  // (a loop over the keys: Object.values would make a list of them for every create)
  for (const key in fields) if (Object.hasOwn(fields, key) && isPreparedBlob(fields[key])) {
    upload = fields[key];
    break;
  }
  upload ??= fields.file ?? fields.image;
  const name = upload && typeof upload === 'object' && 'filename' in upload ? (upload as { filename: unknown }).filename : undefined;
  return typeof name === 'string' && name ? name : undefined;
}

/** Factory defaults that depend on the clock (event start/end). */
function defaults(typeId: string, now: string): Record<string, unknown> {
  if (typeId !== 'Event') return {};
  const start = new Date(Date.parse(now));
  start.setUTCMinutes(0, 0, 0);
  start.setUTCHours(start.getUTCHours() + 1);
  const end = new Date(start.getTime() + 3600_000);
  const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
  return { start: iso(start), end: iso(end) };
}

const pathPrefix = (state: SiteState, node: ContentNode) => pathOf(state, node).map((s) => '/' + s).join('');
