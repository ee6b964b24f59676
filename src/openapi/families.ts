// One line about each endpoint family (a folder of src/endpoints/, a tag of the document).
import type { FamilyDoc } from './types.ts';
import { recordOf } from '../lib/records.ts';

export const FAMILY_DOCS: Record<string, FamilyDoc> = recordOf({
  content: { description: 'Content objects: read, create, change, delete (the site root has no path).' },
  tus: { description: 'Resumable uploads of big files (the TUS protocol).' },
  workingcopy: { description: 'Working copies: check out, check in, cancel.' },
  inherit: { description: 'Field values inherited from ancestors.' },
  breadcrumbs: { description: 'The trail from the navigation root to an object.' },
  navigation: { description: 'The main navigation of the site.' },
  contextnavigation: { description: 'The navigation tree around an object.' },
  actions: { description: 'What the caller may do here, by category.' },
  navroot: { description: 'The navigation root of an object.' },
  translations: { description: 'Translations of content (multilingual sites).' },
  types: { description: 'Content types and their schemas, and schema editing.' },
  workflow: { description: 'Workflow state and transitions.' },
  site: { description: 'Site settings and versions.' },
  lock: { description: 'Locks on objects: lock, refresh, unlock.' },
  history: { description: 'History and earlier versions of an object.' },
  'copy-move': { description: 'Copy and move objects.' },
  aliases: { description: 'Redirects of old paths to objects.' },
  relations: { description: 'Relations between objects.' },
  linkintegrity: { description: 'Which objects link to objects about to be deleted.' },
  login: { description: 'Logging in and out: tokens and the session cookie.' },
  users: { description: 'Users, their portraits and password resets.' },
  groups: { description: 'Groups and their members.' },
  principals: { description: 'Searching users and groups together.' },
  roles: { description: 'The roles of the site.' },
  sharing: { description: 'Local roles on objects.' },
  userschema: { description: 'The schema of the user forms.' },
  search: { description: 'Searching the catalog.' },
  querystring: { description: 'The query builder of Collections and listings.' },
  addons: { description: 'Add-ons: install, uninstall, upgrade.' },
  upgrade: { description: 'Upgrading the site profile.' },
  'content-rules': { description: 'Content rules assigned to folders.' },
  transactions: { description: 'Recent transactions, and undoing them.' },
  database: { description: 'Figures of the database.' },
  email: { description: 'Sending mail (to an outbox in memory: nothing leaves the server).' },
  comments: { description: 'Comments on content.' },
  vocabularies: { description: 'Vocabularies and field sources.' },
  controlpanels: { description: 'Control panels of Site Setup.' },
  registry: { description: 'Registry records.' },
  files: { description: 'Files and images of content, downloaded, shown and scaled (views, `@@name`).' },
});

/**
 * Path parameters of the object and of the binary views (`@@name`); a route declares its own
 * (`Route.path`, src/http/route-path.ts).
 */
export const PATH_PARAMETERS: Record<string, string> = recordOf({
  path: 'Path of a content object below the site root, slashes included (e.g. `news/first-news`). Operations on the site root itself have a form without it.',
  field: 'Name of the file or image field, e.g. `file` or `image`.',
  filename: 'File name (ignored; for browsers).',
  scale: 'Name of the scale, e.g. `preview`, `thumb`, `large`.',
});
