// A site state -> a fixture folder's contents (site.json, content.json, the files they name), in
// the format of fixtures/ (see src/fixtures/). Pure: the caller reads blobs and writes files.
// What a fixture cannot express is dropped and listed in `warnings`: custom groups, local roles,
// locks, history, dates, workflow states other than private/pending/published, relations to
// objects created later. Password hashes are secrets: they are written only when the operator
// asks for them (`includePasswordHashes`); otherwise the users come without a password.
import type { BlobRef, ContentNode, SiteState } from '../state/model.ts';
import { childList } from '../state/children.ts';
import { getNode } from '../state/nodes.ts';
import { fieldsOf } from '../types/schema.ts';
import { TRANSITIONS } from '../fixtures/content.ts';
import { emptyRecord, own } from '../lib/records.ts';

export interface ExportedFixture {
  site: Record<string, unknown>;
  content: Record<string, unknown>[];
  /** Files to write: `files/<name>` holds the bytes of blob `blob`. */
  files: { name: string; blob: string }[];
  warnings: string[];
}

const FIXTURE_ROLES = new Set(['Manager', 'Site Administrator', 'Member', 'Editor', 'Contributor', 'Reader', 'Reviewer']);
const BUILT_IN_GROUPS = new Set(['Administrators', 'Reviewers', 'Site Administrators']);

const isBlobRef = (v: unknown): v is BlobRef =>
  !!v && typeof v === 'object' && typeof (v as BlobRef).blob === 'string' && typeof (v as BlobRef).filename === 'string';

export interface ExportOptions {
  /** Write each user's stored scrypt hash (`passwordHash`); default: no passwords at all. */
  includePasswordHashes?: boolean;
}

export function fixtureFromState(state: SiteState, options: ExportOptions = {}): ExportedFixture {
  const warnings: string[] = [];
  const files = new Map<string, string>(); // blob -> name
  const taken = new Set<string>();
  const created = new Set<string>(); // UIDs created before the current entry (relations)
  const root = getNode(state, state.rootUid)!;

  const fileRef = (ref: BlobRef) => {
    let name = files.get(ref.blob);
    if (!name) {
      const safe = (ref.filename.split(/[\\/]/).pop() || 'file').replace(/[^A-Za-z0-9._-]+/g, '-');
      name = taken.has(safe) ? `${ref.blob.slice(0, 8)}-${safe}` : safe;
      taken.add(name);
      files.set(ref.blob, name);
    }
    return { file: `files/${name}`, filename: ref.filename, 'content-type': ref.contentType };
  };

  /** The POST/PATCH body fields of a node: its writable schema fields, in the input form. */
  const bodyOf = (node: ContentNode, skip: Set<string>, where: string) => {
    const type = own(state.types, node.type);
    const out = emptyRecord<unknown>();
    for (const field of type ? fieldsOf(type) : []) {
      const value = node.fields[field.name];
      if (field.readonly || skip.has(field.name) || value === undefined || value === null) continue;
      if (field.kind === 'NamedBlobFile' || field.kind === 'NamedBlobImage') {
        if (isBlobRef(value)) out[field.name] = fileRef(value);
        continue;
      }
      if (field.kind === 'RelationChoice' || field.kind === 'RelationList') {
        const uids = (Array.isArray(value) ? value : [value]) as string[];
        const later = uids.filter((uid) => !created.has(uid));
        if (later.length) {
          warnings.push(`${where}: relation field "${field.name}" dropped (points to objects created later)`);
          continue;
        }
      }
      out[field.name] = value;
    }
    return out;
  };

  const entry = (node: ContentNode, path: string): Record<string, unknown> => {
    const type = own(state.types, node.type);
    const body: Record<string, unknown> = { '@type': node.type, id: node.id, UID: node.uid, ...bodyOf(node, new Set(['creators']), path) };
    if (type && node.layout && node.layout !== type.defaultView) body.layout = node.layout;
    if (node.reviewState && node.reviewState !== 'private') {
      if (Object.hasOwn(TRANSITIONS, node.reviewState)) body.review_state = node.reviewState;
      else warnings.push(`${path}: review state "${node.reviewState}" cannot be expressed; left private`);
    }
    const constrains = node.constrainTypes;
    if (constrains) {
      body.constrain_types_mode = constrains.mode;
      if (constrains.locallyAllowed) body.locally_allowed_types = constrains.locallyAllowed;
      if (constrains.immediatelyAddable) body.immediately_addable_types = constrains.immediatelyAddable;
    }
    const granted = Object.entries(node.localRoles).some(([, roles]) => roles.some((r) => r !== 'Owner'));
    if (granted || node.blockLocalRoles) warnings.push(`${path}: local roles not exported`);
    created.add(node.uid);
    const items = childList(node).map((uid) => getNode(state, uid)).filter((n): n is ContentNode => !!n);
    if (items.length) body.items = items.map((child) => entry(child, `${path}/${child.id}`));
    return body;
  };

  created.add(root.uid);
  const content = childList(root)
    .map((uid) => getNode(state, uid))
    .filter((n): n is ContentNode => !!n)
    .map((n) => entry(n, `/${n.id}`));

  const users = Object.values(state.users).map((u) => {
    const roles = u.roles.filter((r) => FIXTURE_ROLES.has(r));
    if (roles.length !== u.roles.length) warnings.push(`user ${u.id}: roles ${u.roles.filter((r) => !FIXTURE_ROLES.has(r)).join(', ')} dropped`);
    const groups = Object.values(state.groups)
      .filter((g) => g.members.includes(u.id))
      .map((g) => g.id);
    const dropped = groups.filter((g) => !BUILT_IN_GROUPS.has(g));
    if (dropped.length) warnings.push(`user ${u.id}: membership of custom groups ${dropped.join(', ')} dropped`);
    return {
      id: u.id,
      fullname: u.fullname,
      email: u.email,
      description: u.description,
      location: u.location,
      home_page: u.home_page,
      roles,
      groups: groups.filter((g) => BUILT_IN_GROUPS.has(g)),
      ...(options.includePasswordHashes && u.passwordHash ? { passwordHash: u.passwordHash } : {}),
    };
  });
  const without = users.filter((u) => !('passwordHash' in u)).map((u) => u.id);
  if (without.length) {
    const why = options.includePasswordHashes ? 'no stored password' : 'password hashes are exported only with --include-password-hashes';
    warnings.push(`users without a password (${why}; set one by a password reset or a Manager's PATCH): ${without.join(', ')}`);
  }
  const custom = Object.keys(state.groups).filter((g) => !BUILT_IN_GROUPS.has(g) && g !== 'AuthenticatedUsers');
  if (custom.length) warnings.push(`custom groups not exported: ${custom.join(', ')}`);

  const rootBody = bodyOf(root, new Set(['title', 'description', 'creators', 'language']), '/');
  const site: Record<string, unknown> = {
    $comment: options.includePasswordHashes
      ? 'Exported by cms-oracle export-fixture --include-password-hashes: users keep their passwords (as scrypt hashes). Keep this file private.'
      : 'Exported by cms-oracle export-fixture: users have no password until one is set.',
    title: root.fields.title ?? '',
    description: root.fields.description ?? '',
    volto: state.settings.volto,
    languages: state.settings.availableLanguages.length
      ? [state.settings.defaultLanguage, ...state.settings.availableLanguages.filter((l) => l !== state.settings.defaultLanguage)]
      : [state.settings.defaultLanguage],
    users,
    ...(Object.keys(rootBody).length ? { root: rootBody } : {}),
  };
  return { site, content, files: [...files].map(([blob, name]) => ({ name, blob })), warnings };
}
