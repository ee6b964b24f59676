// Control panels that are not registry-backed (`dexterity-types`, `content-rules`): each family
// registers its panel here and answers the verbs on `/@controlpanels/<id>[/...]` itself.
import type { ApiRequest, Outcome, Services } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import type { PanelGroup } from './panels.ts';

export type PanelVerb = (state: SiteState, req: ApiRequest, rest: string[], services: Services) => Outcome;

export interface CustomPanel {
  id: string;
  title: string;
  group: PanelGroup;
  /** Strings the listing offers for searching, after the title and group. */
  searchable?: (state: SiteState) => string[];
  /** Permission needed beyond the service's own ("Plone Site Setup: Overview"). */
  permission?: string;
  GET?: PanelVerb;
  POST?: PanelVerb;
  PATCH?: PanelVerb;
  DELETE?: PanelVerb;
}

const panels = new Map<string, CustomPanel>();

export function registerCustomPanel(panel: CustomPanel): void {
  panels.set(panel.id, panel);
}

export const customPanel = (id: string) => panels.get(id);

/** Listed even when their family is absent: summary only (supplement 13.2). */
const LISTED: CustomPanel[] = [{ id: 'content-rules', title: 'Content Rules', group: 'Content' }];

export function customPanels(): CustomPanel[] {
  return [...LISTED.filter((p) => !panels.has(p.id)), ...panels.values()];
}
