// Control panels that are not registry-backed (`dexterity-types`, `content-rules`): a family
// declares its panel in its manifest (services.extensions.panels) and answers the verbs on
// `/@controlpanels/<id>[/...]` itself.
import type { CustomPanel, Extensions } from '../../http/types.ts';

export const customPanel = (panels: Extensions['panels'], id: string | undefined) => (id === undefined ? undefined : panels.get(id));

/** Listed even when their family is absent: summary only (supplement 13.2). */
const LISTED: CustomPanel[] = [{ id: 'content-rules', title: 'Content Rules', group: 'Content' }];

export function customPanels(panels: Extensions['panels']): CustomPanel[] {
  return [...LISTED.filter((p) => !panels.has(p.id)), ...panels.values()];
}
