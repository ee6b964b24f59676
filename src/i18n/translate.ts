// Response language (supplement 1.3) and translation of the interface's own titles. In a
// multilingual site the language of content inside a language root folder wins (content
// negotiation); otherwise the first supported language named by Accept-Language; English (the
// msgids themselves) by default.
import { isDraft } from 'immer';
import type { ApiRequest } from '../http/types.ts';
import type { SiteState } from '../state/model.ts';
import { navigationRoot } from '../domain/navigation-root.ts';
import de from './catalog/de.ts';
import es from './catalog/es.ts';
import fr from './catalog/fr.ts';
import { own, recordOf } from '../lib/records.ts';

const CATALOGS: Record<string, Record<string, string>> = recordOf({ de, es, fr });

/** Language codes of an Accept-Language header, best first (`de-DE` also offers `de`). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((x) => x.tag && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .flatMap((x) => [x.tag, x.tag.split('-')[0]]);
}

/** Per request object (and so per context): listings ask once per item. */
const languages = new WeakMap<ApiRequest, WeakMap<SiteState, string>>();

/** The language titles are rendered in for this request. */
export function responseLanguage(state: SiteState, req: ApiRequest): string {
  // Only a multilingual site looks at the context: otherwise the header alone decides.
  if (!state.settings.multilingual) return headerLanguage(req.header('accept-language'));
  let byState = languages.get(req);
  const hit = byState?.get(state);
  if (hit !== undefined) return hit;
  if (!byState) languages.set(req, (byState = new WeakMap()));
  const language = computeLanguage(state, req);
  if (!isDraft(state)) byState.set(state, language);
  return language;
}

/** The language an Accept-Language header chooses, per header text (few distinct ones; bounded). */
const byHeader = new Map<string, string>();

function headerLanguage(header: string | undefined): string {
  if (!header) return 'en';
  let language = byHeader.get(header);
  if (language === undefined) {
    language = acceptedLanguages(header).find((l) => l === 'en' || Object.hasOwn(CATALOGS, l)) ?? 'en';
    if (byHeader.size >= 256) byHeader.clear();
    byHeader.set(header, language);
  }
  return language;
}

function computeLanguage(state: SiteState, req: ApiRequest): string {
  if (state.settings.multilingual && req.context && navigationRoot(state, req.context).parent !== null) {
    const own = req.context.fields.language;
    if (typeof own === 'string' && own) return own;
  }
  return headerLanguage(req.header('accept-language'));
}

/** `msgid` in `language`, if that language has a translation of it. */
export function translationIn(language: string, msgid: string): string | undefined {
  const catalog = Object.hasOwn(CATALOGS, language) ? CATALOGS[language] : undefined;
  return catalog && Object.hasOwn(catalog, msgid) ? catalog[msgid] : undefined;
}

/** `msgid` (an English title) in the response language; unknown messages stay as they are. */
export function translate(state: SiteState, req: ApiRequest, msgid: string): string {
  return own(own(CATALOGS, responseLanguage(state, req)), msgid) ?? msgid;
}

/** The translated title of a content type. */
export function typeTitle(state: SiteState, req: ApiRequest, typeId: string): string {
  const type = own(state.types, typeId);
  return type ? translate(state, req, type.title) : typeId;
}
