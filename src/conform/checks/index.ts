// Every check of the suite, family by family, in the order they run.
import type { Check } from '../context.ts';
import actions from './actions.ts';
import addons from './addons.ts';
import aliases from './aliases.ts';
import auth from './auth.ts';
import breadcrumbs from './breadcrumbs.ts';
import comments from './comments.ts';
import content from './content.ts';
import contextnavigation from './contextnavigation.ts';
import contentRules from './content-rules.ts';
import controlpanels from './controlpanels.ts';
import copymove from './copymove.ts';
import database from './database.ts';
import email from './email.ts';
import files from './files.ts';
import groups from './groups.ts';
import history from './history.ts';
import inherit from './inherit.ts';
import linkintegrity from './linkintegrity.ts';
import locking from './locking.ts';
import navigation from './navigation.ts';
import portraits from './portraits.ts';
import principals from './principals.ts';
import querystring from './querystring.ts';
import registry from './registry.ts';
import relations from './relations.ts';
import schemas from './schemas.ts';
import search from './search.ts';
import sharing from './sharing.ts';
import site from './site.ts';
import translations from './translations.ts';
import transactions from './transactions.ts';
import tus from './tus.ts';
import types from './types.ts';
import upgrade from './upgrade.ts';
import users from './users.ts';
import userschema from './userschema.ts';
import vocabularies from './vocabularies.ts';
import workflow from './workflow.ts';
import workingcopy from './workingcopy.ts';

export const allChecks: Check[] = [
  ...content,
  ...files,
  ...search,
  ...users,
  ...groups,
  ...auth,
  ...locking,
  ...workflow,
  ...history,
  ...copymove,
  ...breadcrumbs,
  ...navigation,
  ...contextnavigation,
  ...actions,
  ...types,
  ...site,
  ...sharing,
  ...registry,
  ...controlpanels,
  ...vocabularies,
  ...comments,
  ...tus,
  ...workingcopy,
  ...translations,
  ...aliases,
  ...relations,
  ...linkintegrity,
  ...addons,
  ...upgrade,
  ...contentRules,
  ...querystring,
  ...inherit,
  ...transactions,
  ...database,
  ...email,
  ...schemas,
  ...principals,
  ...userschema,
  ...portraits,
];
