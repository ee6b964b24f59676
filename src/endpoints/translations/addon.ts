// Installing the add-on cms.app.multilingual (POST @addons/cms.app.multilingual/install) installs
// multilingual support for the available languages (the language control panel's, if set).
import type { AddonHook } from '../../http/types.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { disableMultilingual, enableMultilingual } from './multilingual.ts';

/** The add-on's effect, run in the commit that installs or uninstalls it. */
export const multilingualAddon: AddonHook = (draft, installed, ctx) => {
  if (!installed) return disableMultilingual(draft);
  if (!ctx) throw new Error('cms.app.multilingual: installing needs a request context');
  const languages = registryValue<string[]>(draft, 'plone.available_languages', draft.settings.availableLanguages);
  enableMultilingual(draft, languages, { now: ctx.now, newUid: ctx.newUid, creator: ctx.principal.id ?? 'admin' });
};
