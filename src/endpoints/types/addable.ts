// GET <ctx>/@types (supplement 14.1): every user-facing type, and whether the caller may add it here.
import type { ApiRequest } from '../../http/types.ts';
import { hasPermission } from '../../auth/check.ts';
import type { SiteState } from '../../state/model.ts';
import { SITE_ROOT_TYPE } from '../../types/defaults.ts';
import { translate } from '../../i18n/translate.ts';
import { addableIn } from './constrains.ts';

/** Types never offered for adding: the site root and the multilingual folders (created by the add-on). */
const UNLISTED = new Set([SITE_ROOT_TYPE, 'LRF', 'LIF']);

const byTitle = (a: { title: string }, b: { title: string }) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);

export function typesList(state: SiteState, req: ApiRequest): Record<string, unknown>[] {
  const context = req.context;
  const here = addableIn(state, context);
  return Object.values(state.types)
    .filter((t) => !UNLISTED.has(t.id))
    .map((t) => ({ id: t.id, addPermission: t.addPermission, title: translate(state, req, t.title) }))
    .sort(byTitle)
    .map((t) => {
      const addable = here.allowed.has(t.id) && hasPermission(state, req.principal, context, t.addPermission);
      const immediately = addable && here.immediately.has(t.id);
      return { '@id': `${req.url.siteUrl}/@types/${t.id}`, addable, id: t.id, immediately_addable: immediately, title: t.title };
    });
}
