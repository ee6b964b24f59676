// Keywords on the site: global_allow, set_default_language, product_is_activated/installed,
// apply_profile, translate, the mock mailer's get_the_last_sent_email and
// get_the_total_amount_of_sent_emails (supplement-2 1.4). Plone's library runs them without
// permission checks; changes go through a request as the site owner, or (type settings the API
// does not edit) one commit of the store.
import type { Draft } from 'immer';
import type { SiteState } from '../../state/model.ts';
import { translationIn } from '../../i18n/translate.ts';
import { findAddon, installedAddons, type AddonDef } from '../addons/catalog.ts';
import { arg, KeywordError, sendOk, text, truthy, type Keyword, type KeywordCall } from './keyword.ts';
import type { RpcValue } from '../../lib/xmlrpc/value.ts';

/** One commit as the site owner, recorded in the transaction log like a request's. */
export function commitAsSystem(call: KeywordCall, what: string, recipe: (draft: Draft<SiteState>) => void): void {
  call.store.commit(recipe, { user: call.system.id, time: call.now(), description: `/${call.sitePath.join('/')}/RobotRemote/${what}` });
}

/** Packages every site of this server has (the profiles the acceptance fixture applies). */
const CORE = ['Products.CMFPlone', 'plone.app.contenttypes', 'plone.app.dexterity', 'plone.app.querystring', 'plone.app.event', 'plone.app.registry', 'plone.session', 'plonetheme.barceloneta'];

/** An add-on by id, also by its plone.* package name. */
const addonNamed = (name: string): AddonDef | undefined => findAddon(name);

function productInstalled(state: SiteState, name: string): boolean {
  if (CORE.includes(name)) return true;
  if (name === 'plone.volto') return state.settings.volto;
  const addon = addonNamed(name);
  return !!addon && Object.hasOwn(installedAddons(state), addon.id);
}

const productCheck = (name: string): Keyword => ({
  name,
  signature: { required: ['name'] },
  doc: 'Fail unless the product is installed (its default profile applied).',
  run(call, args, kwargs) {
    const product = text(arg(this, args, kwargs, 'name')) ?? '';
    if (!productInstalled(call.store.current, product)) throw new KeywordError(`Product '${product}' was not activated.`);
    return undefined;
  },
});

const applyProfile: Keyword = {
  name: 'apply_profile',
  signature: { required: ['name'] },
  doc: 'Apply a GenericSetup profile (package:profile): installs the add-on whose install profile it is.',
  async run(call, args, kwargs) {
    const profile = text(arg(this, args, kwargs, 'name')) ?? '';
    const [pkg, name = 'default'] = profile.split(':');
    const addon = addonNamed(pkg);
    if (addon && name === addon.installProfile) {
      if (!Object.hasOwn(installedAddons(call.store.current), addon.id)) await sendOk(call, call.system, 'POST', `/@addons/${encodeURIComponent(addon.id)}/install`);
      return undefined;
    }
    // Profiles the site was built with: applying them again changes nothing.
    if (productInstalled(call.store.current, pkg) && (name === 'default' || (pkg === 'plone.app.contenttypes' && name === 'plone-content'))) return undefined;
    throw new KeywordError(`'profile-${profile}'`);
  },
};

const globalAllow: Keyword = {
  name: 'global_allow',
  signature: { required: ['type_'], optional: ['value'] },
  doc: 'Set whether a content type may be added anywhere (global_allow).',
  run(call, args, kwargs) {
    const type = text(arg(this, args, kwargs, 'type_')) ?? '';
    const value = arg(this, args, kwargs, 'value');
    const allow = value === undefined ? true : truthy(value);
    if (!Object.hasOwn(call.store.current.types, type)) throw new KeywordError(`'${type}'`);
    if (call.store.current.types[type].globalAllow !== allow) {
      commitAsSystem(call, 'global_allow', (draft) => void (draft.types[type].globalAllow = allow));
    }
    return undefined;
  },
};

const setDefaultLanguage: Keyword = {
  name: 'set_default_language',
  signature: { required: [], optional: ['language'] },
  doc: 'Set the default language of the site (registry plone.default_language); default en.',
  async run(call, args, kwargs) {
    const language = text(arg(this, args, kwargs, 'language')) || 'en';
    await sendOk(call, call.system, 'PATCH', '/@registry', { 'plone.default_language': language });
    return undefined;
  },
};

const translate: Keyword = {
  name: 'translate',
  signature: { required: ['msgid'], rest: true, named: true },
  doc: 'Translate a message id: target_language=, domain= (default plone), default=, other arguments fill ${name} in the text.',
  run(call, args, kwargs) {
    const msgid = text(arg(this, args, kwargs, 'msgid')) ?? '';
    const mapping = new Map<string, RpcValue>(kwargs);
    const language = text(mapping.get('target_language')) ?? call.store.current.settings.defaultLanguage;
    const fallback = text(mapping.get('default'));
    for (const name of ['msgid', 'target_language', 'domain', 'default']) mapping.delete(name);
    const template = translationIn(language, msgid) ?? fallback ?? msgid;
    return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => (mapping.has(name) ? (text(mapping.get(name)) ?? '') : whole));
  },
};

const lastEmail: Keyword = {
  name: 'get_the_last_sent_email',
  signature: { required: [] },
  doc: 'The text of the last message the site sent ("" when none).',
  run(call) {
    const mail = call.services.auth.outbox.messages.at(-1);
    return mail ? `To: ${mail.to}\nSubject: ${mail.subject}\nDate: ${mail.time}\n\n${mail.body}` : '';
  },
};

const emailCount: Keyword = {
  name: 'get_the_total_amount_of_sent_emails',
  signature: { required: [] },
  doc: 'How many messages the site sent.',
  run: (call) => call.services.auth.outbox.messages.length,
};

export const siteKeywords: Keyword[] = [productCheck('product_is_activated'), productCheck('product_is_installed'), applyProfile, globalAllow, setDefaultLanguage, translate, lastEmail, emailCount];
