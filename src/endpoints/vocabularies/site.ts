// Vocabularies read from the site state: types, workflows, principals, roles, languages,
// permissions, actions, metadata columns and registry-backed lists.
import { hasPermission } from '../../auth/check.ts';
import { PERMISSION_ROLES } from '../../auth/permissions.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { translate } from '../../i18n/translate.ts';
import { METADATA_COLUMNS } from '../../serialize/metadata.ts';
import type { SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { SITE_ROOT_TYPE } from '../../types/defaults.ts';
import { LANGUAGES, METADATA_FIELD_TITLES } from '../../types/vocabularies.ts';
import { WORKFLOWS } from '../../workflow/definitions.ts';
import { ACTIONS } from '../actions/definitions.ts';
import { addableIn } from '../types/constrains.ts';
import { fixed, type Vocabulary, type VocabularyContext } from './model.ts';
import { TIMEZONES } from './static.ts';
import { byTitle, plainTerms, term, termsOf, type Term } from './terms.ts';

const V = 'cms.app.vocabularies.';
const MODIFY = 'Modify portal content';

/** Types no user ever picks (plone.app.vocabularies BAD_TYPES, abridged; and the multilingual folders). */
const BAD_TYPES = new Set([SITE_ROOT_TYPE, 'TempFolder', 'LRF', 'LIF']);
/** The comment type, a portal type of every site though no content type definition models it. */
const comment = (c: VocabularyContext) => term('Discussion Item', translate(c.state, c.req, 'Comment'));

/** Type terms titled in the response language (Plone sorts them by the translated title). */
const typeTerms = (c: VocabularyContext, types: TypeDef[]): Term[] => types.map((t) => term(t.id, translate(c.state, c.req, t.title)));
const sorted = (terms: Term[]) => [...terms].sort(byTitle);
const allTypes = (state: SiteState) => Object.values(state.types);

function portalTypes(c: VocabularyContext): Term[] {
  return sorted([...typeTerms(c, allTypes(c.state)), comment(c)]);
}

function friendlyTypes(c: VocabularyContext): Term[] {
  return sorted([...typeTerms(c, allTypes(c.state).filter((t) => !BAD_TYPES.has(t.id))), comment(c)]);
}

function userFriendlyTypes(c: VocabularyContext): Term[] {
  const notSearched = registryValue<string[]>(c.state, 'plone.types_not_searched', []);
  return sorted(typeTerms(c, allTypes(c.state).filter((t) => !BAD_TYPES.has(t.id) && !notSearched.includes(t.id))));
}

function allowedTypes(c: VocabularyContext): Term[] {
  const { state, req } = c;
  const here = addableIn(state, req.context).allowed;
  const ok = (t: TypeDef) => here.has(t.id) && hasPermission(state, req.principal, req.context, t.addPermission);
  return sorted(typeTerms(c, allTypes(state).filter(ok)));
}

function validAddableTypes(c: VocabularyContext): Term[] {
  return sorted(typeTerms(c, allTypes(c.state).filter((t) => t.globalAllow && !BAD_TYPES.has(t.id))));
}

/** `Title [id]` terms, first occurrence of each id across the workflows. */
function labelled(pick: (w: (typeof WORKFLOWS)[string]) => { id: string; title: string }[]) {
  return (c: VocabularyContext): Term[] => {
    const seen = new Map<string, Term>();
    for (const w of Object.values(WORKFLOWS)) {
      for (const x of pick(w)) if (!seen.has(x.id)) seen.set(x.id, term(x.id, `${translate(c.state, c.req, x.title)} [${x.id}]`));
    }
    return sorted([...seen.values()]);
  };
}

const users = ({ state }: VocabularyContext) => sorted(Object.values(state.users).map((u) => term(u.id, u.fullname)));
const groups = ({ state }: VocabularyContext) => sorted(Object.values(state.groups).map((g) => term(g.id, g.title)));

function principals(c: VocabularyContext): Term[] {
  const prefixed = (kind: string, terms: Term[]) => terms.map((t) => ({ title: t.title, token: `${kind}:${t.token}` }));
  return [...prefixed('user', users(c)), ...prefixed('group', groups(c))];
}

const ROLES = ['Anonymous', 'Authenticated', 'Contributor', 'Editor', 'Manager', 'Member', 'Owner', 'Reader', 'Reviewer', 'Site Administrator'];

function languages({ state }: VocabularyContext): Term[] {
  const codes = registryValue<string[]>(state, 'plone.available_languages', state.settings.availableLanguages);
  return codes.map((code) => term(code, LANGUAGES[code]));
}

function actions(): Term[] {
  const seen = new Map<string, Term>();
  for (const list of Object.values(ACTIONS)) for (const a of list) if (!seen.has(a.id)) seen.set(a.id, term(a.id, a.title));
  return [...seen.values()];
}

const registryList = (key: string, fallback: () => Term[]) => ({ state }: VocabularyContext) => {
  const value = registryValue<unknown>(state, key, undefined);
  return Array.isArray(value) ? plainTerms(value.filter((v): v is string => typeof v === 'string')) : fallback();
};

export const siteVocabularies: Vocabulary[] = [
  { name: `${V}SupportedContentLanguages`, terms: languages },
  fixed(`${V}Roles`, plainTerms(ROLES)),
  fixed(`${V}Permissions`, plainTerms(Object.keys(PERMISSION_ROLES).sort())),
  { name: `${V}AllowedContentTypes`, terms: allowedTypes },
  { name: `${V}PortalTypes`, terms: portalTypes },
  { name: `${V}ReallyUserFriendlyTypes`, terms: friendlyTypes },
  { name: `${V}UserFriendlyTypes`, terms: userFriendlyTypes },
  fixed(`${V}Workflows`, sorted(Object.entries(WORKFLOWS).map(([id, w]) => term(id, w.title)))),
  { name: `${V}WorkflowStates`, terms: labelled((w) => Object.values(w.states)) },
  { name: `${V}WorkflowTransitions`, terms: labelled((w) => Object.values(w.transitions)) },
  { name: `${V}AvailableEditors`, terms: registryList('plone.available_editors', () => plainTerms(['TinyMCE', 'None'])) },
  { name: `${V}Users`, permission: MODIFY, terms: users },
  { name: `${V}Groups`, terms: groups },
  { name: `${V}Principals`, terms: principals },
  { name: `${V}Actions`, terms: actions },
  fixed(`${V}PortalActionCategories`, plainTerms(Object.keys(ACTIONS))),
  { name: `${V}AvailableTimezones`, terms: registryList('plone.available_timezones', () => TIMEZONES) },
  fixed(`${V}MetadataFields`, plainTerms([...METADATA_COLUMNS].sort())),
  { name: 'cms.app.content.ValidAddableTypes', terms: validAddableTypes },
  fixed('cms.app.contenttypes.metadatafields', termsOf(Object.entries(METADATA_FIELD_TITLES))),
  { name: 'cms.app.users.group_ids', terms: groups },
];
