// Working copies (supplement 31.21): state.workingCopies links a baseline to its copy. A link
// counts only while both objects exist, so deleting either one ends the check-out.
import type { ApiRequest } from '../http/types.ts';
import type { ContentNode, SiteState, WorkingCopyLink } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { canView, hasPermission } from '../auth/check.ts';
import { formatDate } from './dates.ts';
import { urlOf } from '../domain/urls.ts';
import { own } from '../lib/records.ts';

export interface CheckOut {
  baseline: ContentNode;
  copy: ContentNode;
  link: WorkingCopyLink;
}

/** The check-out `node` takes part in, as baseline or as working copy. */
export function checkOutOf(state: SiteState, node: ContentNode): CheckOut | undefined {
  const links = state.workingCopies;
  if (!links) return undefined;
  let baselineUid: string | undefined = Object.hasOwn(links, node.uid) ? node.uid : undefined;
  // the baseline whose copy `node` is (no list of the uids made: every content answer asks)
  if (baselineUid === undefined) {
    for (const uid in links) {
      if (Object.hasOwn(links, uid) && links[uid].uid === node.uid) {
        baselineUid = uid;
        break;
      }
    }
  }
  if (baselineUid === undefined) return undefined;
  const link = links[baselineUid];
  const baseline = getNode(state, baselineUid);
  const copy = getNode(state, link.uid);
  return baseline && copy ? { baseline, copy, link } : undefined;
}

/** `working_copy` and `working_copy_of` of an object, as content GET and @workingcopy show them. */
export function workingCopyInfo(state: SiteState, node: ContentNode, req: ApiRequest): Record<string, unknown> {
  const out = checkOutOf(state, node);
  const isCopy = out?.copy.uid === node.uid;
  const visible =
    out && (isCopy || canView(state, req.principal, out.copy) || hasPermission(state, req.principal, out.baseline, 'Modify portal content'));
  if (!out || !visible) return { working_copy: null, working_copy_of: null };
  const user = own(state.users, out.link.creator);
  return {
    working_copy: {
      '@id': urlOf(state, out.copy, req.url.siteUrl),
      title: out.copy.fields.title ?? '',
      created: formatDate(out.link.created),
      creator_url: `${req.url.siteUrl}/author/${out.link.creator}`,
      creator_name: user?.fullname || out.link.creator,
    },
    working_copy_of: isCopy ? { '@id': urlOf(state, out.baseline, req.url.siteUrl), title: out.baseline.fields.title ?? '' } : null,
  };
}
