// @history: versioning and workflow entries, newest first (seed "History entry", supplement 22),
// an old version serialised, and revert.
import type { Draft } from 'immer';
import type { ApiRequest, Services } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { mustGetNode } from '../../state/nodes.ts';
import { hasPermission } from '../../auth/check.ts';
import { badRequest, notFound, unauthorized, shown } from '../../lib/errors.ts';
import { serializeContent } from '../../serialize/content.ts';
import { formatDate } from '../../serialize/dates.ts';
import { urlOf } from '../../domain/urls.ts';
import { WORKFLOWS } from '../../workflow/definitions.ts';
import { INITIAL_VERSION, recordVersion, versionNumber, versionOf } from './versions.ts';
import { own } from '../../lib/records.ts';
import { translate } from '../../i18n/translate.ts';

export const REVERT = 'CMFEditions: Revert to previous versions';
export const ACCESS = 'CMFEditions: Access previous versions';

function actor(state: SiteState, req: ApiRequest, id: string) {
  return { '@id': `${req.url.siteUrl}/@users/${id}`, fullname: own(state.users, id)?.fullname || id, id, username: null };
}

export function historyEntries(state: SiteState, node: ContentNode, req: ApiRequest): Record<string, unknown>[] {
  const url = urlOf(state, node, req.url.siteUrl);
  const type = own(state.types, node.type);
  const workflow = type?.workflow ? WORKFLOWS[type.workflow] : undefined;
  const mayRevert = hasPermission(state, req.principal, node, REVERT);
  const keyed: { time: number; kind: number; i: number; entry: Record<string, unknown> }[] = [];
  node.workflowHistory.forEach((e, i) => {
    const title = translate(state, req, e.action === null ? 'Create' : (workflow?.transitions[e.action]?.title ?? e.action));
    keyed.push({
      time: Date.parse(e.time),
      kind: 0,
      i,
      entry: {
        action: e.action ?? 'Create',
        actor: actor(state, req, e.actor),
        comments: e.comments,
        review_state: e.review_state,
        state_title: translate(state, req, workflow?.states[e.review_state]?.title ?? e.review_state),
        time: formatDate(e.time),
        transition_title: title,
        // Decision C13: the creation entry has type null.
        type: e.action === null ? null : 'workflow',
      },
    });
  });
  (node.versions ?? []).forEach((v, i) => {
    keyed.push({
      time: Date.parse(v.time),
      kind: 1,
      i,
      entry: {
        '@id': `${url}/@history/${i}`,
        action: 'Edited',
        actor: actor(state, req, v.actor),
        // the change note of version 0 is the system's message, shown in the response language
        comments: i === 0 && v.comment === INITIAL_VERSION ? translate(state, req, INITIAL_VERSION) : v.comment,
        may_revert: mayRevert,
        time: formatDate(v.time),
        transition_title: translate(state, req, 'Edited'),
        type: 'versioning',
        version: i,
      },
    });
  });
  keyed.sort((a, b) => a.time - b.time || a.kind - b.kind || a.i - b.i);
  return keyed.reverse().map((k) => k.entry);
}

/** The full serialisation of version `raw` of the node (`@history/<n>`, GET `?version=<n>`). */
export function serializeVersion(state: SiteState, node: ContentNode, req: ApiRequest, services: Services, raw: unknown): Record<string, unknown> {
  if (!hasPermission(state, req.principal, node, ACCESS)) throw unauthorized();
  const n = versionNumber(raw);
  const version = n === undefined ? undefined : versionOf(node, n);
  if (!version) throw notFound();
  const then: ContentNode = { ...node, fields: version.fields, modified: version.time };
  return { ...serializeContent(state, then, { ...req, context: then }, services), version: String(n) };
}

/** The version a revert request names (revertSchema checked it is given), if the object has it. */
export function checkRevert(node: ContentNode, body: unknown): number {
  const raw = (body as { version: number | string }).version;
  const n = versionNumber(raw);
  if (n === undefined || !versionOf(node, n)) throw badRequest(`Version ${shown(raw)} does not exist`);
  return n;
}

/** Draft mutator: restore version n and save the result as a new version. */
export function revert(draft: Draft<SiteState>, uid: string, req: ApiRequest, n: number): void {
  const node = mustGetNode(draft as SiteState, uid);
  node.fields = versionOf(node, n)!.fields;
  node.modified = req.now;
  recordVersion(draft, uid, req, `Reverted to revision ${n}`);
}
